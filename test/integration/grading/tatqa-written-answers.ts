import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseNumber } from '../../../shared/numbers/parse-number';
import type { JsonValue, ScoreInput } from '../../../shared/grading/verdict';
import { dataPath } from '../../support/data-dir';

// TAT-QA dev golds written back as an analyst would write the answer (issue 22, done-when 1):
// span text as it stands; several spans joined with ", "; an amount with its scale word
// ("2,929 thousand", "1,496.5 million"); a percent with "%". Each in the output shapes of the
// run modes: direct (the answer alone), chain of thought (reasoning, then "Therefore, the
// answer is …"), and program of thought (the number a program returns, with no unit).
// The tune/check split is test/fixtures/grading/financebench-split.json's `tatqa` entry.

export interface DevQuestion {
  uid: string;
  question: string;
  answer: JsonValue;
  answer_type: string;
  scale: string;
}

export const TATQA_DEV = dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json');

export function devQuestions(): DevQuestion[] {
  const dev = JSON.parse(readFileSync(TATQA_DEV, 'utf8')) as { questions: DevQuestion[] }[];
  return dev.flatMap((c) => c.questions);
}

/** The check part: sha256(uid)'s first 8 hex digits / 2^32 below 0.2 (set aside first). */
export function isCheck(uid: string): boolean {
  const h = createHash('sha256').update(uid).digest('hex').slice(0, 8);
  return parseInt(h, 16) / 2 ** 32 < 0.2;
}

const SCALE_WORD: Readonly<Record<string, string>> = {
  thousand: 'thousand',
  million: 'million',
  billion: 'billion',
};

/** One gold item as written: a number gets its scale word or "%", text stays as it is. */
function writeItem(item: JsonValue, scale: string): string {
  const s = typeof item === 'number' ? String(item) : typeof item === 'string' ? item : '';
  const n = parseNumber(s);
  if (!n) return s;
  if (scale === 'percent') return n.unit === 'percent' ? s : `${s}%`;
  const word = SCALE_WORD[scale];
  if (word && n.scale === undefined) return `${s} ${word}`;
  return s;
}

/** The gold as an analyst writes it. */
export function writtenAnswer(q: DevQuestion): string {
  const items = Array.isArray(q.answer) ? q.answer : [q.answer];
  return items.map((i) => writeItem(i, q.scale)).join(', ');
}

export type Shape = 'direct' | 'cot' | 'pot';

/** The numeric value a program would return for the gold, when the gold is one number. */
export function programValue(q: DevQuestion): number | undefined {
  const items = Array.isArray(q.answer) ? q.answer : [q.answer];
  if (items.length !== 1) return undefined;
  const only = items[0];
  if (typeof only === 'number') return only;
  const n = typeof only === 'string' ? parseNumber(only) : undefined;
  return n ? n.value : undefined;
}

/** The run's grading input for one shape (as main/runs/grade-item.ts builds it). */
export function shapedInput(q: DevQuestion, shape: Shape): ScoreInput | undefined {
  const base = {
    gold: q.answer,
    goldScale: q.scale,
    goldDecimals: 2,
    answerType: q.answer_type,
    question: q.question,
  };
  const written = writtenAnswer(q);
  if (shape === 'direct') return { ...base, prediction: written, predictionKind: 'text' };
  if (shape === 'cot')
    return {
      ...base,
      prediction: `Explanation: the figures are read from the table and the text of the report.\nTherefore, the answer is ${written}.`,
      predictionKind: 'text',
    };
  const v = programValue(q);
  return v === undefined ? undefined : { ...base, prediction: v, predictionKind: 'executed' };
}
