import { describe, expect, it } from 'vitest';
import { selectionText } from '../../../shared/question-sets/question-set';
import { filterValues, idListTokens, questionFilter } from '../../../shared/question-sets/select';

const q = (
  externalId: string,
  type: string,
  answerFrom: string | undefined,
  documentExternalId: string,
  documentId: number | null,
) => ({
  externalId,
  type,
  gold: { answer: 1, ...(answerFrom ? { answerFrom } : {}) },
  documentExternalId,
  documentId,
});

const questions = [
  q('a', 'arithmetic', 'table', 'doc-1', 11),
  q('b', 'span', 'text', 'doc-1', 11),
  q('c', 'arithmetic', 'table-text', 'doc-2', 12),
  q('d', 'count', 'table', 'doc-3', null),
];

const ids = (filter: Parameters<typeof questionFilter>[1]) =>
  questions.filter(questionFilter('tatqa', filter)).map((x) => x.externalId);

describe('question set filters', () => {
  it('every list given is one condition; a value of it matches, case aside', () => {
    expect(ids(undefined)).toEqual(['a', 'b', 'c', 'd']);
    expect(ids({ types: ['Arithmetic'] })).toEqual(['a', 'c']);
    expect(ids({ types: ['arithmetic', 'count'], answerSources: ['TABLE'] })).toEqual(['a', 'd']);
    expect(ids({ answerSources: ['table-text', 'text'] })).toEqual(['b', 'c']);
  });

  it('a document by the dataset’s own id or by its workspace id', () => {
    expect(ids({ documents: ['doc-1'] })).toEqual(['a', 'b']);
    expect(ids({ documents: ['12', 'doc-3'] })).toEqual(['c', 'd']);
    expect(ids({ documents: ['13'] })).toEqual([]);
  });

  it('names what a filter could have said', () => {
    expect(filterValues('tatqa', questions)).toEqual({
      types: ['arithmetic', 'count', 'span'],
      answerSources: ['table', 'table-text', 'text'],
    });
  });
});

describe('id lists (a file of question ids)', () => {
  it('one a line, blank lines and # comments dropped', () => {
    expect(idListTokens('# chosen\n  q-1 \r\n\n42\n')).toEqual(['q-1', '42']);
  });
  it('or a JSON array of strings and whole numbers', () => {
    expect(idListTokens(' ["q-1", 42] ')).toEqual(['q-1', '42']);
    expect(() => idListTokens('[1.5]')).toThrow(/item 0 is not an id/);
    expect(() => idListTokens('[1,')).toThrow(/not a JSON array/);
  });
});

describe('selectionText', () => {
  it('says how a set was chosen', () => {
    expect(
      selectionText({
        kind: 'sample',
        filter: { types: ['arithmetic'] },
        sample: { count: 25, seed: 7, stratify: 'answer-type' },
        sessionId: null,
      }),
    ).toBe('type arithmetic; sample of 25, seed 7, balanced by answer type');
    expect(selectionText({ kind: 'session', filter: null, sample: null, sessionId: 4 })).toBe(
      'the questions of session #4',
    );
  });
});
