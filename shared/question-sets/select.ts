import type { StoredQuestion } from '../datasets/stored-question';
import type { DatasetFormat } from '../document/dataset-format';
import { questionFacets } from '../runs/subsets';
import type { QuestionSetFilter } from './question-set';

type FilterQuestion = Pick<
  StoredQuestion,
  'externalId' | 'type' | 'gold' | 'documentId' | 'documentExternalId'
>;

const lower = (values: readonly string[] | undefined) =>
  values === undefined ? undefined : new Set(values.map((v) => v.trim().toLowerCase()));

/**
 * The predicate of a filter: a question passes when, for every list the filter gives, one of
 * its values names it (case-insensitively): `types` its type or benchmark answer type,
 * `answerSources` where its gold comes from (TAT-QA answer_from), `documents` the dataset's own
 * id of its document or its workspace document id.
 */
export function questionFilter(
  format: DatasetFormat,
  filter: QuestionSetFilter | undefined,
): (q: FilterQuestion) => boolean {
  const types = lower(filter?.types);
  const sources = lower(filter?.answerSources);
  const documents = lower(filter?.documents);
  return (q) => {
    const f = questionFacets(format, q);
    if (types && ![q.type, f.answerType].some((t) => t && types.has(t.toLowerCase()))) return false;
    if (sources && !(f.evidenceSource && sources.has(f.evidenceSource.toLowerCase()))) return false;
    if (
      documents &&
      !documents.has(q.documentExternalId.toLowerCase()) &&
      !(q.documentId !== null && documents.has(String(q.documentId)))
    )
      return false;
    return true;
  };
}

/** What a filter could have named: the dataset's types and answer sources (for a refusal). */
export function filterValues(
  format: DatasetFormat,
  questions: readonly FilterQuestion[],
): { types: string[]; answerSources: string[] } {
  const types = new Set<string>();
  const sources = new Set<string>();
  for (const q of questions) {
    const f = questionFacets(format, q);
    if (q.type) types.add(q.type);
    if (f.answerType) types.add(f.answerType);
    if (f.evidenceSource) sources.add(f.evidenceSource);
  }
  return { types: [...types].sort(), answerSources: [...sources].sort() };
}

/**
 * The tokens of a list of question ids (a file: one a line, or a JSON array of strings or
 * numbers): trimmed, empty lines and `#` comments dropped.
 */
export function idListTokens(text: string): string[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch (e) {
      throw new Error(`not a JSON array: ${(e as Error).message}`);
    }
    if (!Array.isArray(parsed)) throw new Error('not a JSON array');
    return parsed.map((v, i) => {
      if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v);
      if (typeof v === 'string' && v.trim() !== '') return v.trim();
      throw new Error(`item ${i} is not an id (a string or a whole number)`);
    });
  }
  return trimmed
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}
