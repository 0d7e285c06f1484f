import { describe, expect, it } from 'vitest';
import { askDocument } from '../../../main/ask/document-cache';
import {
  buildFilingsContext,
  combinedDocument,
  interleaveHits,
  mergedFacts,
  withPrefixes,
  type FilingPart,
} from '../../../main/ask/filings-subject';
import { tablesForProgram } from '../../../main/ask/program-tables';
import { locateId, splitQualifiedId } from '../../../shared/ask/filings';
import type { Document } from '../../../shared/document';
import type { RetrievalHit } from '../../../shared/retrieval/hit';
import type { SandboxFact } from '../../../shared/sandbox/fact-index';
import { sampleTable } from './sample-table';

const doc = (title: string): Document =>
  ({
    title,
    source: { name: `${title}.htm`, bytes: 1 },
    blocks: [
      {
        type: 'paragraph',
        id: 'p1',
        text: `${title} sales grew.`,
        location: { kind: 'html', path: '/p' },
      },
      { type: 'table', id: 't1', location: { kind: 'html', path: '/table' } },
    ],
    tables: [sampleTable()],
  }) as unknown as Document;

const fact = (label: string, end: string, value: number): SandboxFact => ({
  concept: 'us-gaap:Revenues',
  period: { start: `${end.slice(0, 4)}-01-01`, end },
  label,
  dimensions: {},
  unit: 'USD',
  decimals: -6,
  value,
  scale: 1e6,
  base: value * 1e6,
  cells: [{ tableId: 't1', row: 0, col: 0 }],
});

const part = (
  documentId: number,
  form: string,
  periodEnd: string,
  facts: SandboxFact[],
): FilingPart => ({
  documentId,
  filing: {
    documentId,
    name: `${form}.htm`,
    company: 'Acme Corp',
    form,
    periodEnd,
    fiscalYear: Number(periodEnd.slice(0, 4)),
    tagged: facts.length > 0,
  },
  doc: askDocument(doc(form)),
  facts,
});

const hit = (blockId: string, score: number, extra: Partial<RetrievalHit> = {}): RetrievalHit => ({
  kind: 'paragraph',
  blockId,
  text: '',
  score,
  ...extra,
});

describe('asking across filings', () => {
  const parts = withPrefixes([
    part(7, '10-Q', '2025-06-30', [
      fact('Q2 2025', '2025-06-30', 25),
      fact('FY2024', '2024-12-31', 99),
    ]),
    part(3, '10-K', '2024-12-31', [
      fact('FY2024', '2024-12-31', 100),
      fact('FY2023', '2023-12-31', 90),
    ]),
  ]);

  it('qualifies every table and block id with its document, and the sandbox tables too', () => {
    const combined = combinedDocument(parts);
    expect(combined.document.tables.map((t) => t.id)).toEqual(['d7:t1', 'd3:t1']);
    expect(combined.document.blocks.map((b) => b.id)).toEqual(['d7:p1', 'd7:t1', 'd3:p1', 'd3:t1']);
    expect(combined.tables().map((t) => t.id)).toEqual(['d7:t1', 'd3:t1']);
    expect(splitQualifiedId('d12:t21')).toEqual({ documentId: 12, localId: 't21' });
    expect(splitQualifiedId('t21')).toBeNull();
    expect(locateId('t21', 5)).toEqual({ documentId: 5, localId: 't21' });
  });

  it('merges the facts: each names its filing, a fact both report is the newest filing’s', () => {
    const facts = mergedFacts(parts);
    expect(facts.map((f) => [f.label, f.value, f.filing?.documentId, f.cells[0]?.tableId])).toEqual(
      [
        ['Q2 2025', 25, 7, 'd7:t1'],
        ['FY2024', 99, 7, 'd7:t1'],
        ['FY2023', 90, 3, 'd3:t1'],
      ],
    );
    expect(facts[2]!.filing?.label).toBe('Acme Corp 10-K FY2024 (period ended 2024-12-31)');
  });

  it('takes each filing’s hits in turns, qualified, without dataset paragraph numbers', () => {
    const out = interleaveHits([
      {
        documentId: 7,
        hits: [hit('p1', 9, { paragraphIndex: 4 }), hit('t1', 8, { kind: 'table' })],
      },
      { documentId: 3, hits: [hit('p1', 2)] },
    ]);
    expect(out.map((h) => [h.blockId, h.paragraphIndex])).toEqual([
      ['d7:p1', undefined],
      ['d3:p1', undefined],
      ['d7:t1', undefined],
    ]);
  });

  it('writes the context filing by filing under headings; a filing with no hit says so', () => {
    const combined = combinedDocument(parts);
    const ctx = buildFilingsContext(
      combined.document,
      parts,
      [hit('d3:p1', 5), hit('d3:t1', 4, { kind: 'table' })],
      6000,
    );
    const lines = ctx.text.split('\n').filter((l) => /^(===|Table|Paragraph|\()/.test(l));
    expect(lines).toEqual([
      '=== Filing d7: Acme Corp 10-Q FY2025 (period ended 2025-06-30); tagged: read its facts with fact() ===',
      '(nothing retrieved from this filing)',
      '=== Filing d3: Acme Corp 10-K FY2024 (period ended 2024-12-31); tagged: read its facts with fact() ===',
      'Paragraph d3:p1: 10-K sales grew.',
      'Table d3:t1 — Segments; scale: in millions; values (USD millions)',
    ]);
    expect(ctx.text).toContain('read with cell("d3:t1", row, col)');
  });

  it('a program naming qualified table ids gets only those tables', () => {
    const tables = combinedDocument(parts).tables();
    const ids = (p: string) => tablesForProgram(p, tables).map((t) => t.id);
    expect(ids("function solution() { return cell('d3:t1', 0, 0); }")).toEqual(['d3:t1']);
    expect(ids("function solution() { return cell('d' + 3 + ':t1', 0, 0); }")).toHaveLength(2);
  });
});
