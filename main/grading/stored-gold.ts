import type { StoredQuestion } from '../../shared/datasets';
import type { GoldEntry } from './read-gold-file';

const scorerAnswerTypes = new Set(['span', 'multi-span', 'arithmetic', 'count']);

/**
 * Gold answers of a dataset as the workspace stores them, keyed by the dataset's own question
 * ids (which prediction files use). Grading reads these instead of the raw benchmark file, so a
 * verdict refers to the question the workspace holds, re-imports included.
 */
export function storedGold(questions: readonly StoredQuestion[]): Map<string, GoldEntry> {
  return new Map(
    questions.map((q) => [
      q.externalId,
      {
        gold: q.gold.answer,
        ...(q.scale !== null ? { goldScale: q.scale } : {}),
        // Only the answer types scorers read (TAT-QA's vocabulary, also used by MultiHiertt and
        // FinQA); DocMath's topics or TableQuest's difficulty say nothing about the answer.
        ...(scorerAnswerTypes.has(q.type) ? { answerType: q.type } : {}),
      },
    ]),
  );
}
