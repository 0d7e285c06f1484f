import { describe, expect, it } from 'vitest';
import { citeFact, readsFromTrace } from '../../../shared/ask/reads';
import type { SandboxTable, TraceEntry } from '../../../shared/sandbox/types';

// Issue 27: a fact() read is the cell that shows the fact, with the fact's concept and period,
// so the grounding report cites both; facts() lists and failed reads are no reads.

const table: SandboxTable = {
  id: 't21',
  cells: [
    {
      rowPath: ['Revenue'],
      colPath: ['Jan 26, 2025'],
      value: 130497,
      row: 0,
      col: 0,
      text: '$130,497',
    },
  ],
};

const read: TraceEntry = {
  fn: 'fact',
  args: ['Revenues', 'FY2025', {}],
  value: 130497,
  fact: {
    concept: 'us-gaap:Revenues',
    period: { start: '2024-01-29', end: '2025-01-26' },
    label: 'FY2025',
    dimensions: {},
    unit: 'USD',
    value: 130497,
    scale: 1e6,
    base: 130_497_000_000,
    cells: [{ tableId: 't21', row: 0, col: 0 }],
  },
  cell: { tableId: 't21', row: 0, col: 0, value: 130497, scale: 1e6, unit: 'USD' },
};

describe('fact() reads', () => {
  it('are the cell showing the fact, with its concept, label and period end', () => {
    const trace: TraceEntry[] = [
      read,
      { fn: 'fact', args: ['Revenue', 'FY2025', {}], value: null },
      { fn: 'facts', args: ['Revenues'], value: 3 },
    ];
    expect(readsFromTrace(trace, [table])).toEqual([
      {
        tableId: 't21',
        row: 0,
        col: 0,
        value: 130497,
        text: '$130,497',
        scale: 1e6,
        unit: 'USD',
        fact: { concept: 'us-gaap:Revenues', label: 'FY2025', end: '2025-01-26', dimensions: {} },
      },
    ]);
  });

  it('are cited by concept and period, with the members of their dimensions', () => {
    expect(
      citeFact({ concept: 'us-gaap:Revenues', label: 'FY2025', end: '2025-01-26', dimensions: {} }),
    ).toBe('us-gaap:Revenues, FY2025 (ended 2025-01-26)');
    expect(
      citeFact({
        concept: 'us-gaap:Revenues',
        label: null,
        end: '2025-01-26',
        dimensions: { 'us-gaap:StatementBusinessSegmentsAxis': 'nvda:GraphicsSegmentMember' },
      }),
    ).toBe('us-gaap:Revenues, ended 2025-01-26; nvda:GraphicsSegmentMember');
  });
});
