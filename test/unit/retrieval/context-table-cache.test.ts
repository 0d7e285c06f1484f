import { describe, expect, it } from 'vitest';
import { buildContext } from '../../../shared/retrieval/context';
import type { RetrievalHit } from '../../../shared/retrieval/hit';
import { smallDocument } from './small-document';

const cell = (sourceRow: number, sourceCol: number): RetrievalHit => ({
  kind: 'cell',
  blockId: 't1',
  tableSourceIndex: 1,
  sourceRow,
  sourceCol,
  text: '',
  score: 1,
});
const row = (sourceRow: number): RetrievalHit => ({
  kind: 'row',
  blockId: 't1',
  sourceRow,
  text: '',
  score: 1,
});
const table: RetrievalHit = { kind: 'table', blockId: 't1', text: '', score: 1 };

/** Hit sets a record's questions would bring, each asked with a few budgets. */
const ASKS: RetrievalHit[][] = [
  [cell(2, 1), cell(3, 2)],
  [row(3)],
  [cell(3, 1), table],
  [table],
  [cell(1, 2), cell(2, 2), cell(3, 2), row(1)],
  [],
];
const BUDGETS = [6000, 120, 60, 30];

/**
 * A table's rows are written once per table object and kept (context.ts, `TableView.rows`):
 * every later excerpt of that table (other rows, other cells, a smaller budget) must read as if
 * the table were rendered for the first time.
 */
describe('buildContext with rows written once per table', () => {
  it('gives every excerpt of a table, in any order of questions, as a first rendering does', () => {
    const shared = smallDocument();
    const seen = new Set<string>();
    for (const order of [ASKS, [...ASKS].reverse()])
      for (const hits of order)
        for (const tokenBudget of BUDGETS) {
          const again = buildContext(shared, hits, { tokenBudget });
          const first = buildContext(smallDocument(), hits, { tokenBudget });
          expect(again).toEqual(first);
          seen.add(again.text);
        }
    // The asks rendered different excerpts, whole and cut by the budget.
    expect(seen.size).toBeGreaterThan(10);
  });
});
