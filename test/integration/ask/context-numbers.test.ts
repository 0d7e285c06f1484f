import { beforeAll, describe, expect, it } from 'vitest';
import { contextNumbers } from '../../../shared/ask/context-numbers';
import type { Document } from '../../../shared/document';
import { buildContext } from '../../../shared/retrieval/context';
import { ingestFile } from '../../../main/document/ingest-file';
import { searchDocument } from '../../../main/retrieval/retrieval-service';
import { sampleFiling } from '../../support/cli';

describe('contextNumbers: the numbers a prompt showed, for the grounding report', () => {
  let doc: Document;
  beforeAll(async () => {
    doc = await ingestFile(sampleFiling);
  });

  it('cells of the rows the context shows (with grid positions) and numbers in its paragraphs', () => {
    const hits = searchDocument(doc, 'What was total revenue in 2025?', {});
    const context = buildContext(doc, hits, { tokenBudget: 6000 });
    const numbers = contextNumbers(doc, context.hits, context.text);
    const revenue = numbers.find((n) => n.value === 1482.6 && n.tableId !== undefined);
    expect(revenue).toMatchObject({ scale: 1e6, unit: 'USD', text: '1,482.6' });
    expect(typeof revenue?.row).toBe('number');
    // Every cell number listed is written in the context text.
    for (const n of numbers.filter((x) => x.tableId !== undefined))
      expect(context.text).toContain(n.text);
    // Nothing from a table the context does not include.
    const shownTables = new Set(
      context.hits.filter((h) => h.kind !== 'paragraph').map((h) => h.blockId),
    );
    expect(numbers.every((n) => n.tableId === undefined || shownTables.has(n.tableId))).toBe(true);
  });

  it('a table cut by the token budget contributes only the cells that were sent', () => {
    const table = doc.tables[0]!;
    const hit = { kind: 'table' as const, blockId: table.id, text: table.caption, score: 1 };
    const small = buildContext(doc, [hit], { tokenBudget: 200 });
    expect(small.truncated).toBe(true);
    const all = contextNumbers(doc, small.hits);
    const sent = contextNumbers(doc, small.hits, small.text);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.length).toBeLessThan(all.length);
  });
});
