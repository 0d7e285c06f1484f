import type { ReadItem, ReadResult } from './grade-record';
import { tooLong } from './input-limits';
import { asJsonValue, goldProblem, readId } from './json-value';
import { isRecord, parseJsonl } from './parse-json';

// FinanceBench's human-graded results (`human_graded_results/<model>_<setting>.jsonl`): one
// record a line `{financebench_id, question, gold_answer, model_answer, label}`, `label` one of
// "Correct Answer", "Incorrect Answer", "Refusal" (the benchmark's human experts).

export type ExpertLabel = 'correct' | 'incorrect' | 'refusal';

const LABELS: Readonly<Record<string, ExpertLabel>> = {
  'correct answer': 'correct',
  'incorrect answer': 'incorrect',
  refusal: 'refusal',
};

export function expertLabel(v: unknown): ExpertLabel | undefined {
  return typeof v === 'string' ? LABELS[v.trim().toLowerCase()] : undefined;
}

export interface GradedRecordItem {
  item: ReadItem;
  /** The experts' label, when the record has a known one. */
  label?: ExpertLabel;
}

function readOne(r: Record<string, unknown>, line: number): GradedRecordItem {
  const id = readId(r.financebench_id) ?? readId(r.id);
  if (id === undefined) return { item: { id: `line ${line}`, error: 'missing financebench_id' } };
  const label = expertLabel(r.label);
  const withLabel = (item: ReadItem): GradedRecordItem => ({ item, ...(label ? { label } : {}) });
  const problem = goldProblem(r.gold_answer);
  if (problem) return withLabel({ id, error: problem });
  const gold = asJsonValue(r.gold_answer);
  if (gold === undefined || (typeof gold !== 'string' && typeof gold !== 'number'))
    return withLabel({ id, error: 'gold_answer must be a string or a number' });
  const output = r.model_answer;
  if (output !== undefined && output !== null && typeof output !== 'string')
    return withLabel({ id, error: 'model_answer must be a string' });
  if (typeof output === 'string') {
    const big = tooLong(output);
    if (big) return withLabel({ id, error: big });
  }
  const question = typeof r.question === 'string' ? r.question : undefined;
  return withLabel({
    id,
    input: {
      gold,
      prediction: typeof output === 'string' ? output : null,
      predictionKind: 'text',
      ...(question ? { question } : {}),
    },
  });
}

/** Every record with its expert label; bad lines become error items. */
export function readFinanceBenchGradedRecords(text: string): GradedRecordItem[] {
  const out: GradedRecordItem[] = [];
  const ids = new Set<string>();
  for (const l of parseJsonl(text)) {
    if ('error' in l) {
      out.push({ item: { id: `line ${l.line}`, error: l.error } });
      continue;
    }
    if (!isRecord(l.value)) {
      out.push({ item: { id: `line ${l.line}`, error: 'record is not an object' } });
      continue;
    }
    const r = readOne(l.value, l.line);
    if (ids.has(r.item.id)) {
      out.push({ item: { id: r.item.id, error: `duplicate id (line ${l.line})` } });
      continue;
    }
    ids.add(r.item.id);
    out.push(r);
  }
  return out;
}

export function readFinanceBenchGraded(text: string): ReadResult {
  const records = readFinanceBenchGradedRecords(text);
  const warnings =
    records.length > 0 && records.every((r) => 'error' in r.item)
      ? [
          'no record had financebench_id, gold_answer and model_answer: is this a FinanceBench human_graded_results file?',
        ]
      : [];
  return { items: records.map((r) => r.item), warnings };
}
