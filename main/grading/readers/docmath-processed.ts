import { extractPythonProgram } from '../../../shared/sandbox/extract-python';
import { asJsonValue, goldProblem, readId } from '../json-value';
import { isRecord, parseJsonLenient } from '../parse-json';
import {
  readFirstText,
  readText,
  stem,
  stringOrNull,
  type FileGold,
  type PredictionFileRead,
  type ReaderOptions,
  type ReadRecord,
  type RecordedVerdict,
} from './record';

// DocMath-Eval / FinanceMath `processed_{cot,pot}_outputs/<model>.json`: a JSON array of the
// validation records plus `output[]` (the raw generation) and what the official evaluator
// (evaluation.py) added:
//  - its PoT pass (evaluate_pot_pred_file) replaces `result` with {acc, execution_rate,
//    prediction_executed_result}: the value solution() returned (rounded to 3 decimals, str()
//    of anything else), null when the program failed;
//  - its CoT pass (evaluate_cot_pred_file) adds `extracted_pred_answer` (the gpt-3.5
//    extractor's string) and replaces `result` with {acc, execution_rate}.
// Each record says which pass graded it: `result.prediction_executed_result` exists only after
// the PoT pass, and `result` is rewritten by whichever pass ran last, so a record carrying it
// had its recorded acc computed from the executed result. Precedence per record: executed
// result, else extracted_pred_answer, else output[0] as text (docs/grading.md).

/** The program DocMath-Eval's evaluator runs from an output (null when it finds none). */
function programOf(output: string): string | null {
  const p = extractPythonProgram(output);
  return p.kind === 'python' ? p.program : null;
}

function recordedOf(result: Record<string, unknown> | undefined, pot: boolean) {
  const acc = typeof result?.acc === 'number' ? result.acc : undefined;
  if (acc === undefined) return null;
  const ran = typeof result?.execution_rate === 'number' ? result.execution_rate : undefined;
  const recorded: RecordedVerdict = {
    correct: acc >= 1,
    score: acc,
    // execution_rate 0: the program failed (PoT) or the extractor found no number (CoT).
    outcome: acc >= 1 ? 'correct' : ran === 0 ? 'no-answer' : 'incorrect',
    rule:
      `recorded result.acc = ${acc}` +
      (ran === 0
        ? pot
          ? ' (program failed, execution_rate 0)'
          : ' (no answer extracted, execution_rate 0)'
        : ''),
  };
  return recorded;
}

type Kind = 'pot' | 'cot' | 'none';

function readOne(r: unknown, index: number, options: ReaderOptions): [ReadRecord, Kind] {
  const at = `record ${index}`;
  if (!isRecord(r)) return [{ id: at, at, error: 'record is not an object' }, 'none'];
  const id = readId(r.question_id);
  if (id === undefined) return [{ id: at, at, error: 'missing question_id' }, 'none'];
  const out = readFirstText(r.output, 'output');
  if ('error' in out) return [{ id, at, error: out.error }, 'none'];
  const output = out.text;
  const result = isRecord(r.result) ? r.result : undefined;
  const pot = result !== undefined && 'prediction_executed_result' in result;
  const cot = !pot && 'extracted_pred_answer' in r;
  const kind: Kind = pot ? 'pot' : cot ? 'cot' : 'none';
  const problem = goldProblem(r.ground_truth);
  const gold: FileGold = {
    answer: asJsonValue(r.ground_truth) ?? null,
    // DocMath-Eval rounds ground truths to 3 decimals (JSON then drops trailing zeros).
    decimals: 3,
    ...(problem ? { problem } : {}),
  };
  const value = pot ? (asJsonValue(result.prediction_executed_result) ?? null) : null;
  const ran = typeof result?.execution_rate === 'number' ? result.execution_rate : undefined;
  const base = {
    id,
    at,
    output,
    answerScale: null,
    program: pot && output !== null ? programOf(output) : null,
    execution: pot
      ? { ok: value !== null && ran !== 0, ...(value !== null ? { result: value } : {}) }
      : null,
    recorded: recordedOf(result, pot),
    gold,
    question: stringOrNull(r.question),
  };
  if (options.raw) {
    if (output === null) return [{ id, at, error: 'no output[] to grade' }, kind];
    return [{ ...base, answer: output, answerKind: 'text' }, kind];
  }
  if (pot) return [{ ...base, answer: value, answerKind: 'executed' }, kind];
  if (cot) {
    const e = readText(r.extracted_pred_answer, 'extracted_pred_answer');
    if ('error' in e) return [{ id, at, error: e.error }, kind];
    return [{ ...base, answer: e.text, answerKind: 'extracted' }, kind];
  }
  if (output !== null) return [{ ...base, answer: output, answerKind: 'text' }, kind];
  return [
    { id, at, error: 'no result.prediction_executed_result, extracted_pred_answer or output' },
    kind,
  ];
}

export function readDocmathProcessed(
  text: string,
  options: ReaderOptions = {},
): PredictionFileRead {
  const data = parseJsonLenient(text);
  if (!Array.isArray(data))
    throw new Error('expected a JSON array of records (processed_{cot,pot}_outputs/<model>.json)');
  const read = data.map((r, i) => readOne(r, i, options));
  const pot = read.filter(([, k]) => k === 'pot').length;
  const cot = read.filter(([, k]) => k === 'cot').length;
  return {
    records: read.map(([r]) => r),
    warnings:
      pot > 0 && cot > 0
        ? [
            `${pot} records carry a program's executed result (PoT) and ${cot} an extracted answer (CoT); each record is graded on its own`,
          ]
        : [],
    model: stem(options.path),
    // From the records' own fields (never the folder's name). DocMath-Eval's PoT is Python.
    mode: pot === 0 && cot === 0 ? null : pot >= cot ? 'pot-python' : 'cot',
    recordedAs: 'result.acc',
  };
}
