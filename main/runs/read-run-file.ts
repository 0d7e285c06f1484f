import { basename, dirname } from 'node:path';
import type { JsonValue, Outcome, PredictionKind } from '../../shared/grading/verdict';
import { RunMode, type RunImportFormat, type RunItem } from '../../shared/runs/run';
import { tooLong } from '../grading/input-limits';
import { asJsonValue, readId } from '../grading/json-value';
import { isRecord, parseJsonl, parseJsonLenient } from '../grading/parse-json';
import { sniffTatqaKind } from '../grading/read-tatqa-jsonl';
import { readTranscriptLine } from '../export/read-transcript-line';
import { TRANSCRIPT_SCHEMA } from '../export/transcript';

/** A verdict the file recorded itself (kept as scorer `imported`). */
export interface RecordedVerdict {
  correct: boolean;
  score: number;
  outcome: Outcome;
  rule: string;
}

/** One prediction read from a file, keyed by the dataset's own question id. */
export interface ImportedRecord {
  id: string;
  output: string | null;
  answer: JsonValue | null;
  answerKind: PredictionKind;
  answerScale: string | null;
  program: string | null;
  execution: RunItem['execution'];
  recorded: RecordedVerdict | null;
}

export type ReadRecord = ImportedRecord | { id: string; error: string };

export interface RunFileRead {
  records: ReadRecord[];
  warnings: string[];
  /** What the file (or its name) says about the model and mode; the caller may override. */
  model: string;
  mode: RunMode | null;
  /** What the recorded verdicts are, for the manifest ("result.acc", "exact_match"). */
  recordedAs: string | null;
}

const bigText = (s: string | null): string | undefined => (s === null ? undefined : tooLong(s));
const stem = (path: string) => basename(path).replace(/\.(jsonl?|json)$/i, '');

/**
 * The JSON objects of a JSONL file with their line numbers; a line that is not JSON or not an
 * object becomes an error record (so it is counted and listed, never dropped silently).
 */
function* jsonlObjects(
  text: string,
  records: ReadRecord[],
): Generator<{ line: number; r: Record<string, unknown> }> {
  for (const l of parseJsonl(text)) {
    if ('error' in l) records.push({ id: `line ${l.line}`, error: l.error });
    else if (!isRecord(l.value))
      records.push({ id: `line ${l.line}`, error: 'record is not an object' });
    else yield { line: l.line, r: l.value };
  }
}

function firstString(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return firstString(v[0]);
  return null;
}

/**
 * DocMath-Eval's PoT program as its own evaluator takes it: the first ```python block, else the
 * first ``` block, else the whole output (which it then wraps as the body of `solution()`).
 */
export function docmathProgram(output: string): string {
  const py = /```python\s*\n([\s\S]*?)```/.exec(output);
  if (py) return py[1]!;
  const any = /```[^\n]*\n([\s\S]*?)```/.exec(output);
  return any ? any[1]! : output;
}

// ---- docmath-processed: DocMath-Eval / FinanceMath processed_{cot,pot}_outputs/<model>.json

function docmathRecord(r: unknown, index: number, pot: boolean): ReadRecord {
  if (!isRecord(r)) return { id: `record ${index}`, error: 'record is not an object' };
  const id = readId(r.question_id);
  if (id === undefined) return { id: `record ${index}`, error: 'missing question_id' };
  const output = firstString(r.output);
  const result = isRecord(r.result) ? r.result : undefined;
  const acc = typeof result?.acc === 'number' ? result.acc : undefined;
  const ran = typeof result?.execution_rate === 'number' ? result.execution_rate : undefined;
  const recorded: RecordedVerdict | null =
    acc === undefined
      ? null
      : {
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
  const big = bigText(output);
  if (big) return { id, error: big };
  if (pot || (result && 'prediction_executed_result' in result)) {
    const value = asJsonValue(result?.prediction_executed_result) ?? null;
    return {
      id,
      output,
      answer: value,
      answerKind: 'executed',
      answerScale: null,
      program: output === null ? null : docmathProgram(output),
      execution: { ok: value !== null && ran !== 0, ...(value !== null ? { result: value } : {}) },
      recorded,
    };
  }
  const extracted = typeof r.extracted_pred_answer === 'string' ? r.extracted_pred_answer : null;
  if (extracted !== null && tooLong(extracted)) return { id, error: tooLong(extracted)! };
  return {
    id,
    output,
    answer: extracted ?? output,
    answerKind: extracted !== null ? 'extracted' : 'text',
    answerScale: null,
    program: null,
    execution: null,
    recorded,
  };
}

function readDocmath(text: string, path: string): RunFileRead {
  const data = parseJsonLenient(text);
  if (!Array.isArray(data))
    throw new Error('expected a JSON array of records (processed_{cot,pot}_outputs/<model>.json)');
  const folder = basename(dirname(path)).toLowerCase();
  const firstResult = data.find(isRecord)?.result;
  const pot =
    /pot/.test(folder) ||
    (!/cot/.test(folder) && isRecord(firstResult) && 'prediction_executed_result' in firstResult);
  return {
    records: data.map((r, i) => docmathRecord(r, i, pot)),
    warnings: [],
    model: stem(path),
    // DocMath-Eval's PoT is Python (def solution()).
    mode: pot ? 'pot-python' : 'cot',
    recordedAs: 'result.acc',
  };
}

// ---- tatqa-pot / tatqa-pred: the Program-of-Thoughts TAT-QA dev outputs (JSONL)

function readTatqa(text: string, path: string, kind: 'pot' | 'pred'): RunFileRead {
  const records: ReadRecord[] = [];
  const seen = { pot: 0, pred: 0 };
  for (const { line, r } of jsonlObjects(text, records)) {
    const k = sniffTatqaKind(r);
    if (k) seen[k]++;
    const id = readId(r.question_id);
    if (id === undefined) {
      records.push({ id: `line ${line}`, error: 'missing question_id' });
      continue;
    }
    const output = firstString(r.generated);
    const big = bigText(output);
    if (big) {
      records.push({ id, error: big });
      continue;
    }
    const pred = 'pred_answer' in r ? (asJsonValue(r.pred_answer) ?? null) : null;
    if (typeof pred === 'string' && tooLong(pred)) {
      records.push({ id, error: tooLong(pred)! });
      continue;
    }
    records.push({
      id,
      output,
      answer: pred,
      answerKind: 'extracted',
      answerScale: typeof r.pred_scale === 'string' ? r.pred_scale : '',
      program: kind === 'pot' ? output : null,
      // PoT: the program's `ans` is the answer; none means it did not run to an answer.
      execution:
        kind === 'pot' ? { ok: pred !== null, ...(pred !== null ? { result: pred } : {}) } : null,
      recorded: null,
    });
  }
  const other = kind === 'pot' ? 'pred' : 'pot';
  const warnings =
    seen[other] > seen[kind]
      ? [
          `${seen[other]} of ${seen.pot + seen.pred} records look like tatqa-${other}, not tatqa-${kind}`,
        ]
      : [];
  return {
    records,
    warnings,
    model: stem(path),
    mode: kind === 'pot' ? 'pot-python' : 'cot',
    recordedAs: null,
  };
}

// ---- lm-eval: lm-evaluation-harness `--log_samples` JSONL (samples_<task>_<time>.jsonl)

/** Fields of `doc` that hold the dataset's own question id, in the order they are tried. */
const LM_EVAL_ID_FIELDS = ['question_id', 'uid', 'id', 'qid', 'financebench_id'];
/** Top-level fields of a sample that are not metrics. */
const LM_EVAL_NOT_METRICS = new Set(['doc_id', 'doc_hash', 'prompt_hash', 'target_hash']);

function lmEvalId(r: Record<string, unknown>): string | undefined {
  const doc = isRecord(r.doc) ? r.doc : undefined;
  for (const f of LM_EVAL_ID_FIELDS) {
    const id = doc ? readId(doc[f]) : undefined;
    if (id !== undefined) return id;
  }
  // Without an id in the doc, doc_id (the document's index in the task) is all there is.
  return readId(r.doc_id);
}

function lmEvalMetric(r: Record<string, unknown>): string | undefined {
  if (Array.isArray(r.metrics)) {
    const m = r.metrics.find((x): x is string => typeof x === 'string' && typeof r[x] === 'number');
    if (m) return m;
  }
  return Object.keys(r).find((k) => !LM_EVAL_NOT_METRICS.has(k) && typeof r[k] === 'number');
}

function readLmEval(text: string, path: string): RunFileRead {
  const records: ReadRecord[] = [];
  const warnings: string[] = [];
  let filter: string | undefined;
  let otherFilters = 0;
  let metric: string | undefined;
  for (const { line, r } of jsonlObjects(text, records)) {
    // A task with several filters (gsm8k: strict-match, flexible-extract) logs each document
    // once per filter; the first filter in the file is imported, the others counted.
    if (typeof r.filter === 'string') {
      filter ??= r.filter;
      if (r.filter !== filter) {
        otherFilters++;
        continue;
      }
    }
    const id = lmEvalId(r);
    if (id === undefined) {
      records.push({ id: `line ${line}`, error: 'no doc_id and no id in doc' });
      continue;
    }
    const output = firstString(r.resps);
    const filtered = firstString(r.filtered_resps);
    const answer = filtered ?? output;
    const big = bigText(answer) ?? bigText(output);
    if (big) {
      records.push({ id, error: big });
      continue;
    }
    metric ??= lmEvalMetric(r);
    const value =
      metric !== undefined && typeof r[metric] === 'number' ? (r[metric] as number) : undefined;
    records.push({
      id,
      output,
      answer,
      answerKind: 'text',
      answerScale: null,
      program: null,
      execution: null,
      recorded:
        value === undefined
          ? null
          : {
              correct: value >= 1,
              score: value,
              outcome:
                value >= 1
                  ? 'correct'
                  : answer === null || answer.trim() === ''
                    ? 'no-answer'
                    : 'incorrect',
              rule: `recorded ${metric} = ${value}${filter ? ` (filter ${filter})` : ''}`,
            },
    });
  }
  if (otherFilters > 0)
    warnings.push(
      `imported filter "${filter}"; ${otherFilters} samples of other filters were skipped`,
    );
  // lm-eval writes results/<model>/samples_<task>_<time>.jsonl.
  const name = basename(path);
  const model = /^samples_/.test(name) ? basename(dirname(path)) : stem(path);
  return { records, warnings, model, mode: null, recordedAs: metric ?? null };
}

// ---- jsonl: generic {id, output}, or the transcript lines `workbench export --format jsonl` wrote

function readGeneric(text: string, path: string): RunFileRead {
  const records: ReadRecord[] = [];
  // A transcript export names its model and mode on every line (docs/transcript-jsonl.md).
  let exported: { model: string; mode: RunMode | null } | undefined;
  for (const { line, r } of jsonlObjects(text, records)) {
    if (r.schema === TRANSCRIPT_SCHEMA) {
      const t = readTranscriptLine(r, line);
      records.push(t);
      if (!exported && isRecord(r.source) && typeof r.source.by === 'string') {
        const mode = RunMode.safeParse(r.source.mode);
        exported = { model: r.source.by, mode: mode.success ? mode.data : null };
      }
      continue;
    }
    const id = readId(r.id);
    if (id === undefined) {
      records.push({ id: `line ${line}`, error: 'missing id' });
      continue;
    }
    if (r.output !== undefined && r.output !== null && typeof r.output !== 'string') {
      records.push({ id, error: 'output must be a string' });
      continue;
    }
    const output = typeof r.output === 'string' ? r.output : null;
    const big = bigText(output);
    if (big) {
      records.push({ id, error: big });
      continue;
    }
    records.push({
      id,
      output,
      answer: output,
      answerKind: 'text',
      answerScale: null,
      program: null,
      execution: null,
      recorded: null,
    });
  }
  return {
    records,
    warnings: [],
    model: exported?.model ?? stem(path),
    mode: exported?.mode ?? null,
    recordedAs: null,
  };
}

/** Reads a prediction file's text; throws (with the reason) when the file as a whole is not it. */
export function readRunFile(format: RunImportFormat, text: string, path: string): RunFileRead {
  switch (format) {
    case 'docmath-processed':
      return readDocmath(text, path);
    case 'tatqa-pot':
      return readTatqa(text, path, 'pot');
    case 'tatqa-pred':
      return readTatqa(text, path, 'pred');
    case 'lm-eval':
      return readLmEval(text, path);
    case 'jsonl':
      return readGeneric(text, path);
  }
}
