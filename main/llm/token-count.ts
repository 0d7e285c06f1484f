import { createRequire } from 'node:module';
import type * as O200k from 'gpt-tokenizer/encoding/o200k_base';

const load = createRequire(__filename);
let encoding: typeof O200k | undefined;

/** Lines counted so far (text → tokens); dropped whole when full, as a run's prompts repeat. */
const lines = new Map<string, number>();
const MAX_LINES = 100_000;

/**
 * Prompt tokens as a model counts them, for the context budget (issue 27): OpenAI's o200k_base
 * BPE (gpt-tokenizer, the encoding of the GPT-4o, GPT-4.1, o-series and GPT-5 models). Other
 * models' tokenizers (Llama 3, Qwen, Mistral) are BPEs of the same kind with vocabularies of
 * 128k-150k; on our contexts they count within a few percent of it, and far closer than
 * characters / 4, which undercounts numbers and table rows by up to half (docs/BENCHMARKS.md,
 * "Token budgets").
 *
 * Counted line by line, each line once per process: a run asks many questions of one record
 * and a table's rows come back in many contexts, so after the first question a count is a few
 * map lookups. The sum of the lines plus one token per line break is at or slightly above the
 * whole text's count (BPE merges a break with the spaces after it), so a budget holds.
 *
 * The encoding is loaded on first use (about 170 ms of CPU): the app, web mode and most
 * commands start without building a prompt.
 */
export function countPromptTokens(text: string): number {
  const count = (encoding ??= load('gpt-tokenizer/encoding/o200k_base') as typeof O200k)
    .countTokens;
  let total = 0;
  let breaks = -1;
  for (const line of text.split('\n')) {
    breaks++;
    if (line === '') continue;
    let n = lines.get(line);
    if (n === undefined) {
      if (lines.size >= MAX_LINES) lines.clear();
      lines.set(line, (n = count(line)));
    }
    total += n;
  }
  return total + breaks;
}
