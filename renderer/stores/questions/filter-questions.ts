import type { QuestionSummary } from '../../../shared/datasets/stored-question';

/**
 * The questions whose text, ids, type or document id contain every word of `filter`
 * (case-insensitive, in any order). An empty filter keeps them all, in their order.
 */
export function filterQuestions(questions: QuestionSummary[], filter: string): QuestionSummary[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return questions;
  return questions.filter((q) => {
    const hay =
      `${q.id} #${q.id} ${q.externalId} ${q.question} ${q.type} ${q.documentExternalId}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}

export interface Neighbours {
  /** 0-based place of the question in the list; -1 when it is not in it. */
  index: number;
  total: number;
  previous?: number;
  next?: number;
}

/** The ids before and after `id` in `ids` (a list in display order). */
export function neighbours(ids: readonly number[], id: number): Neighbours {
  const index = ids.indexOf(id);
  if (index < 0) return { index, total: ids.length };
  return {
    index,
    total: ids.length,
    ...(index > 0 ? { previous: ids[index - 1] } : {}),
    ...(index < ids.length - 1 ? { next: ids[index + 1] } : {}),
  };
}
