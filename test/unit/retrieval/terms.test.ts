import { describe, expect, it } from 'vitest';
import {
  ftsQuery,
  normaliseForIndex,
  questionTerms,
  searchTerms,
  tokenCount,
} from '../../../shared/retrieval/terms';

describe('questionTerms', () => {
  it('drops stop words and question boilerplate, keeps numbers and years, no repeats', () => {
    expect(
      questionTerms(
        'What is the FY2018 capital expenditure amount for 3M? Give a response to the question by relying on the details shown in the cash flow statement.',
      ),
    ).toEqual(['2018', 'capital', 'expenditure', 'cash', 'flow', 'statement']);
  });

  it('splits letters from digits and joins thousands separators, so numbers meet the index', () => {
    expect(questionTerms('Q4 revenue of $130,497 in FY25')).toEqual(['revenue', '130497', '25']);
    expect(normaliseForIndex('FY2018 $1,234,567 and 3.5%')).toBe('FY 2018 $1234567 and 3.5%');
  });

  it('keeps words that name evidence even when common', () => {
    expect(questionTerms('total net change in fair value and number of shares')).toEqual([
      'total',
      'net',
      'change',
      'fair',
      'value',
      'number',
      'shares',
    ]);
  });

  it('has no term for a question of stop words or punctuation', () => {
    expect(questionTerms('What is the?')).toEqual([]);
    expect(ftsQuery(questionTerms('?? !!'))).toBeNull();
  });
});

describe('ftsQuery', () => {
  it('quotes every term and ORs them, so FTS5 syntax in a question stays text', () => {
    expect(ftsQuery(['revenue', '2025'])).toBe('"revenue" OR "2025"');
    expect(ftsQuery(['a"b', 'near'])).toBe('"a""b" OR "near"');
  });

  it('makes a valid query of hostile input', () => {
    const terms = questionTerms('revenue" OR NEAR(x y) AND col:* ^start -- "');
    expect(terms).toEqual(['revenue', 'near', 'col', 'start']);
    expect(ftsQuery(terms)).toBe('"revenue" OR "near" OR "col" OR "start"');
  });
});

describe('searchTerms', () => {
  it('adds finance expansions at half weight after the question’s own words', () => {
    const terms = searchTerms('What was capex in FY2022?');
    expect(terms.slice(0, 2)).toEqual([
      { term: 'capex', weight: 1 },
      { term: '2022', weight: 1 },
    ]);
    expect(terms).toContainEqual({ term: 'property', weight: 0.5 });
    expect(terms).toContainEqual({ term: 'equipment', weight: 0.5 });
  });

  it('does not expand a question without a known phrase', () => {
    expect(searchTerms('Gaming segment units shipped').every((t) => t.weight === 1)).toBe(true);
  });
});

describe('tokenCount', () => {
  it('counts runs of letters and digits', () => {
    expect(tokenCount('Revenue, Year Ended > Jan 26, 2025')).toBe(6);
    expect(tokenCount('')).toBe(0);
  });
});
