import { describe, expect, it } from 'vitest';
import type { QuestionSummary } from '../../../shared/datasets/stored-question';
import { filterQuestions, neighbours } from '../../../renderer/stores/questions/filter-questions';

const q = (id: number, question: string, externalId: string, type = 'span'): QuestionSummary => ({
  id,
  externalId,
  datasetId: 1,
  documentId: 5,
  documentExternalId: 'doc-a',
  question,
  type,
});
const list = [
  q(1, 'What is the total revenue in 2019?', '23801627-ff77', 'arithmetic'),
  q(2, 'What was the Net Income?', '4960801d-277d'),
  q(12, 'Which year had the highest revenue?', 'abc-12', 'count'),
];

describe('filterQuestions', () => {
  it('keeps every question, in order, for an empty filter', () => {
    expect(filterQuestions(list, '  ')).toBe(list);
  });
  it('matches every word, case-insensitively, in text, ids and type', () => {
    const ids = (f: string) => filterQuestions(list, f).map((x) => x.id);
    expect(ids('REVENUE')).toEqual([1, 12]);
    expect(ids('revenue 2019')).toEqual([1]);
    expect(ids('4960801d')).toEqual([2]);
    expect(ids('#12')).toEqual([12]);
    expect(ids('arithmetic')).toEqual([1]);
    expect(ids('revenue income')).toEqual([]);
  });
});

describe('neighbours', () => {
  it('gives the ids before and after, and where the question sits', () => {
    expect(neighbours([4, 8, 15], 8)).toEqual({ index: 1, total: 3, previous: 4, next: 15 });
    expect(neighbours([4, 8, 15], 4)).toEqual({ index: 0, total: 3, next: 8 });
    expect(neighbours([4, 8, 15], 15)).toEqual({ index: 2, total: 3, previous: 8 });
    expect(neighbours([4, 8, 15], 16)).toEqual({ index: -1, total: 3 });
  });
});
