import { asJsonValue, goldProblem, readId } from '../json-value';
import {
  isUnreadable,
  jsonlObjects,
  readText,
  stem,
  stringOrNull,
  type FileGold,
  type PredictionFileRead,
  type ReaderOptions,
  type ReadRecord,
  type RecordedVerdict,
} from './record';

// FinanceBench's human-graded results (`human_graded_results/<model>_<setting>.jsonl`): one
// record a line `{financebench_id, model_name, eval_mode, question, gold_answer, model_answer,
// label}`, `label` one of "Correct Answer", "Incorrect Answer", "Refusal" (the benchmark's human
// experts). The answer is `model_answer`, graded as text; the experts' label is the file's
// recorded verdict (scorer `imported` in a run), never an input to our scorers.

export type ExpertLabel = 'correct' | 'incorrect' | 'refusal';

const LABELS: Readonly<Record<string, ExpertLabel>> = {
  'correct answer': 'correct',
  'incorrect answer': 'incorrect',
  refusal: 'refusal',
};

export function expertLabel(v: unknown): ExpertLabel | undefined {
  return typeof v === 'string' ? LABELS[v.trim().toLowerCase()] : undefined;
}

/** The experts' label a record's recorded verdict holds (undefined: none, or not a label). */
export function expertLabelOf(recorded: RecordedVerdict | null): ExpertLabel | undefined {
  const o = recorded?.outcome;
  return o === 'correct' || o === 'incorrect' || o === 'refusal' ? o : undefined;
}

function fileGold(v: unknown): FileGold {
  const gold = asJsonValue(v) ?? null;
  const problem =
    goldProblem(v) ??
    (typeof gold !== 'string' && typeof gold !== 'number'
      ? 'gold_answer must be a string or a number'
      : undefined);
  return { answer: gold, ...(problem ? { problem } : {}) };
}

function readOne(r: Record<string, unknown>, at: string): ReadRecord {
  const id = readId(r.financebench_id) ?? readId(r.id);
  if (id === undefined) return { id: at, at, error: 'missing financebench_id' };
  const out = readText(r.model_answer, 'model_answer');
  if ('error' in out) return { id, at, error: out.error };
  const label = expertLabel(r.label);
  return {
    id,
    at,
    output: out.text,
    answer: out.text,
    answerKind: 'text',
    answerScale: null,
    program: null,
    execution: null,
    recorded: label
      ? {
          correct: label === 'correct',
          score: label === 'correct' ? 1 : 0,
          outcome: label,
          rule: `human expert: ${String(r.label).trim()}`,
        }
      : null,
    gold: fileGold(r.gold_answer),
    question: stringOrNull(r.question),
  };
}

export function readFinanceBenchGraded(
  text: string,
  options: ReaderOptions = {},
): PredictionFileRead {
  const records: ReadRecord[] = [];
  for (const { at, r } of jsonlObjects(text, records)) records.push(readOne(r, at));
  const warnings =
    records.length > 0 &&
    records.every((r) => isUnreadable(r) || (r.gold?.problem !== undefined && r.answer === null))
      ? [
          'no record had financebench_id, gold_answer and model_answer: is this a FinanceBench human_graded_results file?',
        ]
      : [];
  return {
    records,
    warnings,
    // <model>_<setting>.jsonl names both (gpt-4_oracle); the setting is not one of our modes.
    model: stem(options.path),
    mode: null,
    recordedAs: 'label (FinanceBench human experts)',
  };
}
