import { describe, expect, it } from 'vitest';
import { readAnswerValue } from '../../../shared/sessions/answer-reading';

describe('reading an expert’s typed answer', () => {
  it('reads numbers as the scorers do', () => {
    expect(readAnswerValue(' 1,234.5 ')).toEqual({ kind: 'number', value: 1234.5 });
    expect(readAnswerValue('(3.2)')).toEqual({ kind: 'number', value: -3.2 });
    expect(readAnswerValue('12.5%')).toEqual({ kind: 'number', value: 12.5 });
    expect(readAnswerValue('$1.2 billion')).toEqual({ kind: 'number', value: 1.2 });
  });

  it('keeps text answers (spans, yes/no) and empty ones apart', () => {
    expect(readAnswerValue('')).toEqual({ kind: 'empty' });
    expect(readAnswerValue('yes')).toEqual({ kind: 'text' });
    expect(readAnswerValue('2019 and 2018')).toEqual({ kind: 'text' });
  });

  it('names what is wrong with a number that is not one', () => {
    const r = (s: string) => {
      const x = readAnswerValue(s);
      return x.kind === 'malformed' ? x.message : x.kind;
    };
    expect(r('1,2')).toMatch(/“1,2” is not one number: a comma separates thousands/);
    expect(r('12..5')).toMatch(/more than one decimal point/);
    expect(r('1.2.3')).toMatch(/more than one decimal point/);
    expect(r('1 234 5')).toMatch(/is not one number/);
  });
});
