import { basename, dirname } from 'node:path';
import { readId } from '../json-value';
import { isRecord } from '../parse-json';
import {
  jsonlObjects,
  readFirstText,
  stem,
  stringOrNull,
  type PredictionFileRead,
  type ReaderOptions,
  type ReadRecord,
} from './record';

// lm-evaluation-harness `--log_samples` JSONL (results/<model>/samples_<task>_<time>.jsonl):
// one sample a line `{doc_id, doc, target, resps, filtered_resps, filter?, metrics, <metric>}`.
// The answer is filtered_resps[0] (what the task's filter kept), else resps[0][0] (the raw
// generation), graded as text; the first metric in `metrics` is the recorded verdict. The
// samples carry no gold of ours (`target` is the task's rendering): grade them with --dataset
// or --gold.

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

export function readLmEval(text: string, options: ReaderOptions = {}): PredictionFileRead {
  const records: ReadRecord[] = [];
  const warnings: string[] = [];
  let filter: string | undefined;
  let otherFilters = 0;
  let metric: string | undefined;
  for (const { at, r } of jsonlObjects(text, records)) {
    // A task with several filters (gsm8k: strict-match, flexible-extract) logs each document
    // once per filter; the first filter in the file is read, the others counted.
    if (typeof r.filter === 'string') {
      filter ??= r.filter;
      if (r.filter !== filter) {
        otherFilters++;
        continue;
      }
    }
    const id = lmEvalId(r);
    if (id === undefined) {
      records.push({ id: at, at, error: 'no doc_id and no id in doc' });
      continue;
    }
    const out = readFirstText(r.resps, 'resps');
    if ('error' in out) {
      records.push({ id, at, error: out.error });
      continue;
    }
    const filtered = readFirstText(r.filtered_resps, 'filtered_resps');
    if ('error' in filtered) {
      records.push({ id, at, error: filtered.error });
      continue;
    }
    const answer = options.raw ? out.text : (filtered.text ?? out.text);
    metric ??= lmEvalMetric(r);
    const value =
      metric !== undefined && typeof r[metric] === 'number' ? (r[metric] as number) : undefined;
    const doc = isRecord(r.doc) ? r.doc : undefined;
    records.push({
      id,
      at,
      output: out.text,
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
      gold: null,
      question: stringOrNull(doc?.question),
    });
  }
  if (otherFilters > 0)
    warnings.push(
      `imported filter "${filter}"; ${otherFilters} samples of other filters were skipped`,
    );
  // lm-eval writes results/<model>/samples_<task>_<time>.jsonl.
  const path = options.path;
  const model =
    path !== undefined && /^samples_/.test(basename(path)) ? basename(dirname(path)) : stem(path);
  return { records, warnings, model, mode: null, recordedAs: metric ?? null };
}
