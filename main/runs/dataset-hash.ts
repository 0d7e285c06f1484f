import { createHash } from 'node:crypto';
import type { StoredQuestion } from '../../shared/datasets';

/**
 * SHA-256 over what grading reads of a dataset's questions (ids, text, gold, scale, type), in
 * the dataset's own id order. A run keeps the hash it was graded against; a report compares it
 * with the current one to say "the dataset changed since" (a revised gold, a re-import).
 */
export function datasetContentHash(questions: readonly StoredQuestion[]): string {
  const h = createHash('sha256');
  const sorted = [...questions].sort((a, b) =>
    a.externalId < b.externalId ? -1 : a.externalId > b.externalId ? 1 : 0,
  );
  for (const q of sorted)
    h.update(`${JSON.stringify([q.externalId, q.question, q.gold.answer, q.scale, q.type])}\n`);
  return h.digest('hex');
}
