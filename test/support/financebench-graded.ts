import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { gradeItems, readPredictions } from '../../main/grading/grade-file';
import { agreement, type Agreement, type LabelledItem } from '../../main/grading/expert-agreement';
import { isUnreadable, readPredictionFile } from '../../main/grading/readers';
import { expertLabelOf } from '../../main/grading/readers/financebench-graded';
import { ruleKey } from '../../shared/grading/summarize';
import type { Scorer } from '../../shared/grading/verdict';
import { dataPath } from './data-dir';

// The FinanceBench human-graded answers (../shared/data/financebench/human_graded_results),
// graded by a scorer and compared with the experts' labels. Shared by the bench
// (test/bench/expert-agreement.ts) and the integration test that holds the agreement floor.

export const gradedDir = dataPath('financebench', 'human_graded_results');
export const hasGradedResults = existsSync(gradedDir);

export interface FileAgreement {
  file: string;
  all: Agreement;
  /** The numeric "metrics-generated" questions (see isMetricsGenerated). */
  metrics: Agreement;
  items: (LabelledItem & {
    id: string;
    metrics: boolean;
    question: string;
    output: string;
    gold: string;
  })[];
}

/** Question types from questions.jsonl, by financebench_id. */
function questionTypes(): Map<string, string> {
  const types = new Map<string, string>();
  const file = dataPath('financebench', 'questions.jsonl');
  if (!existsSync(file)) return types;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const r = JSON.parse(line) as { financebench_id?: string; question_type?: string };
    if (r.financebench_id && r.question_type) types.set(r.financebench_id, r.question_type);
  }
  return types;
}

/**
 * A "metrics-generated" question: its type in questions.jsonl when the question is there;
 * otherwise (questions.jsonl holds 65 of the 124 graded questions) a gold stored as a JSON
 * number, which is how the graded files store metrics-generated answers (every one of the 11
 * typed metrics-generated questions has one; one typed novel-generated question does too,
 * and it is kept with its type).
 */
export function isMetricsGenerated(types: Map<string, string>, id: string, gold: unknown): boolean {
  const t = types.get(id);
  return t !== undefined ? t === 'metrics-generated' : typeof gold === 'number';
}

export function gradedFiles(): string[] {
  return readdirSync(gradedDir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort();
}

export function agreeFile(file: string, scorer: Scorer): FileAgreement {
  const types = questionTypes();
  const text = readFileSync(`${gradedDir}/${file}`, 'utf8');
  // The experts' labels are the records' recorded verdicts; the items are what grade scores.
  const records = readPredictionFile('financebench-graded', text).records;
  const read = readPredictions('financebench-graded', text).items;
  const graded = gradeItems(read, scorer);
  const items: FileAgreement['items'] = [];
  records.forEach((r, i) => {
    const g = graded[i];
    const item = read[i];
    const label = isUnreadable(r) ? undefined : expertLabelOf(r.recorded);
    if (!g || !item || !label) return;
    const input = 'input' in item ? item.input : undefined;
    items.push({
      id: item.id,
      graded: g,
      label,
      metrics: isMetricsGenerated(types, item.id, input?.gold),
      question: input?.question ?? '',
      output: typeof input?.prediction === 'string' ? input.prediction : '',
      gold: input ? JSON.stringify(input.gold) : '',
    });
  });
  return {
    file,
    all: agreement(items, ruleKey),
    metrics: agreement(
      items.filter((i) => i.metrics),
      ruleKey,
    ),
    items,
  };
}
