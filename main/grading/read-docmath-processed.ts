import type { ScoreInput } from '../../shared/grading/verdict';
import type { ReadItem, ReadOptions, ReadResult } from './grade-record';
import { tooLong } from './input-limits';
import { asJsonValue, goldProblem, readId } from './json-value';
import { isRecord, parseJsonLenient } from './parse-json';

// DocMath-Eval / FinanceMath `processed_{cot,pot}_outputs/<model>.json`: a JSON array of the
// validation records plus `output[]`, and for CoT `extracted_pred_answer` (what the official
// gpt-3.5 extractor returned), for PoT `result.prediction_executed_result` (what the program
// returned, rounded to 3 decimals by the official script, or null when it failed).

function firstOutput(r: Record<string, unknown>): string | undefined {
  const o = r.output;
  if (typeof o === 'string') return o;
  if (Array.isArray(o) && typeof o[0] === 'string') return o[0];
  return undefined;
}

function readOne(r: unknown, index: number, options: ReadOptions): ReadItem {
  if (!isRecord(r)) return { id: `#${index}`, error: 'record is not an object' };
  const id = readId(r.question_id);
  if (id === undefined) return { id: `#${index}`, error: 'missing question_id' };
  const problem = goldProblem(r.ground_truth);
  if (problem) return { id, error: problem };
  const gold = asJsonValue(r.ground_truth) ?? null;
  // DocMath-Eval rounds ground truths to 3 decimals (JSON then drops trailing zeros).
  const goldDecimals = 3;
  const result = isRecord(r.result) ? r.result : undefined;
  let input: ScoreInput;
  const raw = firstOutput(r);
  if (options.raw) {
    if (raw === undefined) return { id, error: 'no output[] to grade' };
    const big = tooLong(raw);
    if (big) return { id, error: big };
    input = { gold, goldDecimals, prediction: raw, predictionKind: 'text' };
  } else if (typeof r.extracted_pred_answer === 'string') {
    const big = tooLong(r.extracted_pred_answer);
    if (big) return { id, error: big };
    input = {
      gold,
      goldDecimals,
      prediction: r.extracted_pred_answer,
      predictionKind: 'extracted',
    };
  } else if (result && 'prediction_executed_result' in result) {
    input = {
      gold,
      goldDecimals,
      prediction: asJsonValue(result.prediction_executed_result) ?? null,
      predictionKind: 'executed',
    };
  } else if (raw !== undefined) {
    const big = tooLong(raw);
    if (big) return { id, error: big };
    input = { gold, goldDecimals, prediction: raw, predictionKind: 'text' };
  } else return { id, error: 'no extracted_pred_answer, executed result or output' };
  return { id, input };
}

export function readDocmathProcessed(text: string, options: ReadOptions = {}): ReadResult {
  const data = parseJsonLenient(text);
  if (!Array.isArray(data)) throw new Error('docmath-processed: expected a JSON array of records');
  return { items: data.map((r, i) => readOne(r, i, options)), warnings: [] };
}
