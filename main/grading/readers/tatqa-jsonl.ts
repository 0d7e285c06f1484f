import { tooLong } from '../input-limits';
import { asJsonValue, goldProblem, readId } from '../json-value';
import {
  jsonlObjects,
  readFirstText,
  stem,
  stringOrNull,
  type FileGold,
  type PredictionFileRead,
  type ReaderOptions,
  type ReadRecord,
} from './record';

// The Program-of-Thoughts TAT-QA dev outputs (one JSON record a line: the TAT-QA question with
// answer/answer_type/scale, the model's `generated[]`, and `pred_answer`/`pred_scale`).
//  - tatqa-pot: generated[0] is a Python program (`ans = …`, `units = …`); pred_answer is what
//    `ans` held after running it (number, list, occasionally a dict) and pred_scale is `units`.
//  - tatqa-pred: generated[0] is chain-of-thought text; pred_answer is a list of answer strings
//    taken from it and pred_scale is always "".
// Both are graded on pred_answer with pred_scale (what TAT-QA's own scorer reads). Whether a
// record holds a program is read from its own generated[0]; the format only names the run's
// mode, and a warning says when the records look like the other kind.

export type TatqaKind = 'pot' | 'pred';

/** Which kind a record looks like, from its generation. */
export function sniffTatqaKind(r: Record<string, unknown>): TatqaKind | undefined {
  const g: unknown = Array.isArray(r.generated) ? (r.generated as unknown[])[0] : undefined;
  if (typeof g !== 'string') return undefined;
  return /^\s*ans\s*=|\n\s*ans\s*=/.test(g) ? 'pot' : 'pred';
}

function readOne(
  r: Record<string, unknown>,
  at: string,
  kind: TatqaKind | undefined,
  options: ReaderOptions,
): ReadRecord {
  const id = readId(r.question_id);
  if (id === undefined) return { id: at, at, error: 'missing question_id' };
  const gen = readFirstText(r.generated, 'generated');
  if ('error' in gen) return { id, at, error: gen.error };
  const output = gen.text;
  const problem = goldProblem(r.answer);
  const gold: FileGold = {
    answer: asJsonValue(r.answer) ?? null,
    scale: typeof r.scale === 'string' ? r.scale : '',
    // TAT-QA rounds arithmetic answers to 2 decimals (and scores with round(x, 2)).
    decimals: 2,
    ...(typeof r.answer_type === 'string' ? { answerType: r.answer_type } : {}),
    ...(problem ? { problem } : {}),
  };
  const pred = 'pred_answer' in r ? (asJsonValue(r.pred_answer) ?? null) : null;
  // pred_answer is any JSON value (a list of strings, a number, a dict from `ans`); text is
  // held to the output limit as every other text answer.
  const big = typeof pred === 'string' ? tooLong(pred) : undefined;
  if (big) return { id, at, error: big };
  const program = kind === 'pot' ? output : null;
  const base = {
    id,
    at,
    output,
    program,
    // A program's `ans` is its value; none means it did not run to an answer.
    execution:
      program !== null ? { ok: pred !== null, ...(pred !== null ? { result: pred } : {}) } : null,
    recorded: null,
    gold,
    question: stringOrNull(r.question),
  };
  if (options.raw) {
    if (output === null) return { id, at, error: 'no generated text to grade' };
    return { ...base, answer: output, answerKind: 'text', answerScale: null };
  }
  return {
    ...base,
    answer: pred,
    answerKind: 'extracted',
    answerScale: typeof r.pred_scale === 'string' ? r.pred_scale : '',
  };
}

export function readTatqaJsonl(
  text: string,
  kind: TatqaKind,
  options: ReaderOptions = {},
): PredictionFileRead {
  const records: ReadRecord[] = [];
  const seen: Record<TatqaKind, number> = { pot: 0, pred: 0 };
  for (const { at, r } of jsonlObjects(text, records)) {
    const k = sniffTatqaKind(r);
    if (k) seen[k]++;
    records.push(readOne(r, at, k, options));
  }
  const other: TatqaKind = kind === 'pot' ? 'pred' : 'pot';
  const warnings =
    seen[other] > seen[kind]
      ? [
          `${seen[other]} of ${seen.pot + seen.pred} records look like tatqa-${other}, not tatqa-${kind}`,
        ]
      : [];
  return {
    records,
    warnings,
    model: stem(options.path),
    // The TAT-QA PoT programs are Python.
    mode: kind === 'pot' ? 'pot-python' : 'cot',
    recordedAs: null,
  };
}
