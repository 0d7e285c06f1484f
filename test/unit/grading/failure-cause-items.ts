import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonValue, ScoreInput } from '../../../shared/grading/verdict';
import { dataPath } from '../../support/data-dir';

// The hand-labelled wrong answers of test/fixtures/grading/failure-causes.json, joined to the
// real records in ../shared/data/model_outputs so each can be graded in the shape a run stores:
// a chain-of-thought generation as text, a program's value as executed.

export interface LabelledWrong {
  source: string;
  id: string;
  shape: 'cot' | 'pot';
  label: string;
  excerpt: string;
}

export const fixture = JSON.parse(
  readFileSync(join(__dirname, '..', '..', 'fixtures', 'grading', 'failure-causes.json'), 'utf8'),
) as { items: LabelledWrong[] };

type Rec = Record<string, unknown>;
const cache = new Map<string, Map<string, Rec>>();

function records(source: string): Map<string, Rec> {
  const hit = cache.get(source);
  if (hit) return hit;
  const text = readFileSync(dataPath(...source.split('/')), 'utf8');
  const rows: Rec[] = source.endsWith('.jsonl')
    ? text
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as Rec)
    : (JSON.parse(text) as Rec[]);
  const byId = new Map(rows.map((r) => [String(r.question_id), r]));
  cache.set(source, byId);
  return byId;
}

const first = (o: unknown): string =>
  typeof o === 'string' ? o : Array.isArray(o) && typeof o[0] === 'string' ? o[0] : '';

/** The item as a run would grade it (the same fields main/runs/grade-item.ts passes). */
export function scoreInput(item: LabelledWrong): ScoreInput {
  const r = records(item.source).get(item.id);
  if (!r) throw new Error(`${item.source} has no ${item.id}`);
  if (item.source.includes('financemath')) {
    const gold = Number(r.ground_truth);
    const base = { gold, goldDecimals: 3, question: String(r.question) };
    if (item.shape === 'cot')
      return { ...base, prediction: first(r.output), predictionKind: 'text' };
    const res = r.result as Rec;
    return {
      ...base,
      prediction: (res.prediction_executed_result ?? null) as JsonValue,
      predictionKind: 'executed',
    };
  }
  const base = {
    gold: r.answer as JsonValue,
    goldScale: typeof r.scale === 'string' ? r.scale : '',
    goldDecimals: 2,
    answerType: String(r.answer_type),
    question: String(r.question),
  };
  if (item.shape === 'cot')
    return { ...base, prediction: first(r.generated), predictionKind: 'text' };
  return {
    ...base,
    prediction: (r.pred_answer ?? null) as JsonValue,
    predictionKind: 'executed',
    predScale: typeof r.pred_scale === 'string' ? r.pred_scale : '',
  };
}
