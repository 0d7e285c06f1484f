/**
 * Context budgets in real tokens (issue 27): the contexts an ask builds for the MultiHiertt and
 * FinanceBench questions, at several budgets, budgeted by characters / 4 (before) and by the
 * o200k_base tokenizer counted line by line (main/llm/token-count.ts, after), each measured
 * with the tokenizer on the whole text. Reports how far past its budget a context went, how
 * close the line-by-line count is to the whole text's, and the time to build a context.
 *
 *   node --import tsx test/bench/token-budget.ts [--budgets 1000,2000,6000]
 */
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { DEFAULT_K, searchDocument } from '../../main/retrieval/retrieval-service';
import { countPromptTokens } from '../../main/llm/token-count';
import type { Document } from '../../shared/document';
import { buildContext } from '../../shared/retrieval/context';
import type { RetrievalHit } from '../../shared/retrieval/hit';
import { financeBenchItems, financeBenchModels, hierttItems } from './retrieval-data';

interface Case {
  source: string;
  document: Document;
  hits: RetrievalHit[];
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};

async function cases(): Promise<Case[]> {
  const out: Case[] = [];
  for (const item of hierttItems())
    out.push({
      source: 'MultiHiertt',
      document: item.document,
      hits: searchDocument(item.document, item.question, { k: DEFAULT_K }),
    });
  const fb = financeBenchItems();
  const { models } = await financeBenchModels([...new Set(fb.map((i) => i.doc))]);
  for (const item of fb) {
    const document = models.get(item.doc);
    if (!document) continue;
    out.push({
      source: 'FinanceBench',
      document,
      hits: searchDocument(document, item.question, { k: DEFAULT_K }),
    });
  }
  return out;
}

function measure(all: Case[], budget: number): string[] {
  const lines: string[] = [];
  for (const source of ['MultiHiertt', 'FinanceBench']) {
    const set = all.filter((c) => c.source === source);
    const before: number[] = [];
    const after: number[] = [];
    const lineError: number[] = [];
    let truncatedBefore = 0;
    let truncatedAfter = 0;
    let msBefore = 0;
    let msAfter = 0;
    for (const c of set) {
      let t = performance.now();
      const old = buildContext(c.document, c.hits, { tokenBudget: budget });
      msBefore += performance.now() - t;
      t = performance.now();
      const now = buildContext(c.document, c.hits, {
        tokenBudget: budget,
        countTokens: countPromptTokens,
      });
      msAfter += performance.now() - t;
      if (old.truncated) truncatedBefore++;
      if (now.truncated) truncatedAfter++;
      before.push(countTokens(old.text) / budget);
      const exact = countTokens(now.text);
      after.push(exact / budget);
      if (exact > 0) lineError.push(now.tokens / exact - 1);
    }
    lines.push(
      `${source} (${set.length} questions), budget ${budget}: ` +
        `chars/4: tokens/budget median ${pct(quantile(before, 0.5))}, p95 ${pct(quantile(before, 0.95))}, max ${pct(Math.max(...before))}, ${before.filter((r) => r > 1).length} over budget, ${truncatedBefore} truncated; ` +
        `o200k by line: median ${pct(quantile(after, 0.5))}, max ${pct(Math.max(...after))}, ${after.filter((r) => r > 1).length} over budget, ${truncatedAfter} truncated; ` +
        `line count vs whole text: median +${pct(quantile(lineError, 0.5))}, max +${pct(Math.max(...lineError))}, min ${pct(Math.min(...lineError))}; ` +
        `build ${(msBefore / set.length).toFixed(2)} ms vs ${(msAfter / set.length).toFixed(2)} ms per context`,
    );
  }
  return lines;
}

async function main(argv: string[]): Promise<void> {
  const at = argv.indexOf('--budgets');
  const budgets = (at >= 0 ? argv[at + 1]! : '1000,2000,6000').split(',').map(Number);
  const load = performance.now();
  countPromptTokens('warm up');
  const loadMs = performance.now() - load;
  const all = await cases();
  // A first pass warms the line cache and the JIT for both builders, as a run would be warm.
  measure(all, budgets[0]!);
  const out = [`o200k_base loaded in ${loadMs.toFixed(0)} ms (wall)`];
  for (const b of budgets) out.push(...measure(all, b));
  process.stdout.write(`${out.join('\n')}\n`);
}

if (require.main === module) void main(process.argv.slice(2));
