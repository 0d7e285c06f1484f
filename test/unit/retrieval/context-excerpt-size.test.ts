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
const HITS = [cell(2, 1), cell(3, 2), cell(1, 2)];

/** A text's length in UTF-8 bytes. */
const bytes = (text: string) => new TextEncoder().encode(text).length;

/**
 * A table excerpt is measured against the budget from its lines, joined only when the context is
 * assembled (context.ts, `TableExcerpt`): its size must be the joined text's to the byte and to
 * the character, or an excerpt would be let in over its budget or left out under it.
 */
describe("buildContext: a table excerpt's size from its lines", () => {
  it('fits a budget of exactly its UTF-8 bytes without counting tokens, and not one byte less', () => {
    const doc = smallDocument();
    // Bytes and characters apart: a caption with characters of 2 and 3 bytes.
    doc.tables[0]!.caption = 'Résumé of revenue — €';
    const whole = buildContext(doc, HITS, { tokenBudget: 100_000 });
    expect(whole.truncated).toBe(false);
    expect(bytes(whole.text)).toBeGreaterThan(whole.text.length);
    const size = bytes(whole.text);

    // A count that would refuse everything: while the bytes fit, it is never asked.
    let counted = 0;
    const refuse = (text: string) => {
      counted++;
      return 10 * text.length + 1_000_000;
    };
    const fits = buildContext(doc, HITS, { tokenBudget: size, countTokens: refuse });
    expect(counted).toBe(0);
    expect(fits.text).toBe(whole.text);
    expect(fits.truncated).toBe(false);

    const over = buildContext(doc, HITS, { tokenBudget: size - 1, countTokens: refuse });
    expect(counted).toBeGreaterThan(0);
    expect(over.truncated).toBe(true);
  });

  it('fits four characters per token to the character when tokens are estimated', () => {
    const doc = smallDocument();
    // A caption that makes the excerpt's length one more than a multiple of 4.
    let whole = buildContext(doc, HITS, { tokenBudget: 100_000 });
    for (let pad = 0; whole.text.length % 4 !== 1; pad++) {
      doc.tables[0]!.caption = `Revenue${'x'.repeat(pad)}`;
      whole = buildContext(doc, HITS, { tokenBudget: 100_000 });
    }
    const tokens = (whole.text.length - 1) / 4;
    // One character over the budget: the last cell's line is left out.
    const under = buildContext(doc, HITS, { tokenBudget: tokens });
    expect(under.truncated).toBe(true);
    expect(under.text.length).toBeLessThan(whole.text.length);
    const fits = buildContext(doc, HITS, { tokenBudget: tokens + 1 });
    expect(fits.text).toBe(whole.text);
    expect(fits.truncated).toBe(false);
  });
});
