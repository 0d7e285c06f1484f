import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { beforeAll, describe, expect, it } from 'vitest';
import { ingestFile } from '../../../main/document/ingest-file';
import { countPromptTokens } from '../../../main/llm/token-count';
import { searchDocument } from '../../../main/retrieval/retrieval-service';
import type { Document } from '../../../shared/document';
import { buildContext } from '../../../shared/retrieval/context';
import type { RetrievalHit } from '../../../shared/retrieval/hit';
import { sampleFiling } from '../../support/cli';

// Issue 27: the context budget in the model's tokens (o200k_base, counted line by line), not
// characters / 4, which undercounts the numbers and rows of a filing's tables.

describe('context budgets in real tokens', () => {
  let doc: Document;
  let hits: RetrievalHit[];
  beforeAll(async () => {
    doc = await ingestFile(sampleFiling);
    hits = searchDocument(doc, 'revenue operating income net income cash total assets', { k: 40 });
  }, 60_000);

  it('counts a line-by-line sum at or just above the whole text’s tokens', () => {
    const text = buildContext(doc, hits, { tokenBudget: 100_000 }).text;
    const exact = countTokens(text);
    expect(exact).toBeGreaterThan(500);
    const counted = countPromptTokens(text);
    expect(counted).toBeGreaterThanOrEqual(exact);
    expect(counted / exact).toBeLessThan(1.05);
    // The same count again, now from the line cache.
    expect(countPromptTokens(text)).toBe(counted);
  });

  it('keeps a context within its budget where characters / 4 overshoots it', () => {
    for (const budget of [300, 600, 1200]) {
      const estimated = buildContext(doc, hits, { tokenBudget: budget });
      const counted = buildContext(doc, hits, {
        tokenBudget: budget,
        countTokens: countPromptTokens,
      });
      expect(counted.truncated, `${budget}`).toBe(true);
      expect(countTokens(counted.text), `${budget}`).toBeLessThanOrEqual(budget);
      expect(counted.tokens).toBe(countPromptTokens(counted.text));
      // The estimate lets numeric table text past the budget: what this replaces.
      expect(countTokens(estimated.text), `${budget}`).toBeGreaterThan(budget);
    }
  });
});
