import type { ReadItem, ReadOptions, ReadResult } from './grade-record';
import { tooLong } from './input-limits';
import { asJsonValue, goldProblem, readId } from './json-value';
import { isRecord, parseJsonl } from './parse-json';

// The Program-of-Thoughts TAT-QA dev outputs (one JSON record a line: the TAT-QA question with
// answer/answer_type/scale, the model's `generated[]`, and `pred_answer`/`pred_scale`).
//  - tatqa-pot: generated[0] is a Python program (`ans = …`, `units = …`); pred_answer is what
//    `ans` held after running it (number, list, occasionally a dict) and pred_scale is `units`.
//  - tatqa-pred: generated[0] is chain-of-thought text; pred_answer is a list of answer strings
//    taken from it and pred_scale is always "".

export type TatqaKind = 'pot' | 'pred';

/** Which kind a record looks like, from its generation. */
export function sniffTatqaKind(r: Record<string, unknown>): TatqaKind | undefined {
  const g: unknown = Array.isArray(r.generated) ? (r.generated as unknown[])[0] : undefined;
  if (typeof g !== 'string') return undefined;
  return /^\s*ans\s*=|\n\s*ans\s*=/.test(g) ? 'pot' : 'pred';
}

function readOne(r: Record<string, unknown>, line: number, options: ReadOptions): ReadItem {
  const id = readId(r.question_id);
  if (id === undefined) return { id: `line ${line}`, error: 'missing question_id' };
  const problem = goldProblem(r.answer);
  if (problem) return { id, error: problem };
  const gold = asJsonValue(r.answer);
  if (gold === undefined) return { id, error: 'gold answer is not JSON data' };
  const goldScale = typeof r.scale === 'string' ? r.scale : '';
  // TAT-QA rounds arithmetic answers to 2 decimals (and scores with round(x, 2)).
  const goldDecimals = 2;
  const answerType = typeof r.answer_type === 'string' ? r.answer_type : undefined;
  if (options.raw) {
    const g: unknown = Array.isArray(r.generated) ? (r.generated as unknown[])[0] : undefined;
    if (typeof g !== 'string') return { id, error: 'no generated text to grade' };
    const big = tooLong(g);
    if (big) return { id, error: big };
    return {
      id,
      input: {
        gold,
        goldScale,
        ...(answerType ? { answerType } : {}),
        prediction: g,
        predictionKind: 'text',
      },
    };
  }
  const pred = asJsonValue(r.pred_answer);
  if (typeof pred === 'string') {
    const big = tooLong(pred);
    if (big) return { id, error: big };
  }
  return {
    id,
    input: {
      gold,
      goldScale,
      goldDecimals,
      ...(answerType ? { answerType } : {}),
      prediction: pred ?? null,
      predictionKind: 'extracted',
      predScale: typeof r.pred_scale === 'string' ? r.pred_scale : '',
    },
  };
}

export function readTatqaJsonl(
  text: string,
  kind: TatqaKind,
  options: ReadOptions = {},
): ReadResult {
  const items: ReadItem[] = [];
  const seen: Record<TatqaKind, number> = { pot: 0, pred: 0 };
  for (const l of parseJsonl(text)) {
    if ('error' in l) {
      items.push({ id: `line ${l.line}`, error: l.error });
      continue;
    }
    if (!isRecord(l.value)) {
      items.push({ id: `line ${l.line}`, error: 'record is not an object' });
      continue;
    }
    const k = sniffTatqaKind(l.value);
    if (k) seen[k]++;
    items.push(readOne(l.value, l.line, options));
  }
  const other: TatqaKind = kind === 'pot' ? 'pred' : 'pot';
  const warnings =
    seen[other] > seen[kind]
      ? [
          `${seen[other]} of ${seen.pot + seen.pred} records look like tatqa-${other}, not tatqa-${kind}`,
        ]
      : [];
  return { items, warnings };
}
