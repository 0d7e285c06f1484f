import { describe, expect, it } from 'vitest';
import type { CellRead } from '../../../shared/ask/ask';
import { answerFromProgram, answerFromText } from '../../../shared/ask/answer';
import { normaliseAnswer, vote } from '../../../shared/ask/vote';

const rev25: CellRead = {
  tableId: 't21',
  row: 0,
  col: 0,
  value: 130497,
  text: '$130,497',
  scale: 1e6,
  unit: 'USD',
};
const rev24: CellRead = { ...rev25, col: 1, value: 60922, text: '$60,922' };

describe('answerFromText (direct and CoT)', () => {
  it('takes the CoT conclusion with its unit and scale', () => {
    const out =
      'Revenue was $130,497 million in FY2025 and $60,922 million in FY2024.\n' +
      'The difference is 130,497 - 60,922 = 69,575.\nTherefore, the answer is $69,575 million.';
    expect(answerFromText(out)).toEqual({
      text: '$69,575 million',
      value: 69575,
      unit: 'USD',
      scale: 1e6,
    });
  });

  it('reads a direct percentage answer', () => {
    expect(answerFromText('114.2%')).toEqual({
      text: '114.2%',
      value: 114.2,
      unit: '%',
      scale: 0.01,
    });
  });

  it('keeps a plain number without inventing a unit or scale', () => {
    expect(answerFromText('Answer: 42.5')).toEqual({
      text: '42.5',
      value: 42.5,
      unit: null,
      scale: null,
    });
  });

  it('a refusal or empty output has no value', () => {
    expect(answerFromText('').value).toBeNull();
    expect(answerFromText('The document does not provide this information.').value).toBeNull();
  });
});

describe('answerFromProgram', () => {
  it('a cell returned as is keeps its unit and scale', () => {
    expect(answerFromProgram(130497, [rev25, rev24])).toMatchObject({
      value: 130497,
      unit: 'USD',
      scale: 1e6,
      text: '$130,497 million',
    });
  });

  it('a difference of two cells keeps theirs; a growth rate ×100 is a percentage', () => {
    expect(answerFromProgram(130497 - 60922, [rev25, rev24])).toMatchObject({
      unit: 'USD',
      scale: 1e6,
    });
    const growth = ((130497 - 60922) / 60922) * 100;
    expect(answerFromProgram(growth, [rev25, rev24])).toMatchObject({
      unit: '%',
      scale: 0.01,
      text: '114.203408%',
    });
    expect(answerFromProgram(130497 / 60922, [rev25, rev24])).toMatchObject({
      unit: null,
      scale: 1,
    });
  });

  it('a value in base units, and anything else unknown', () => {
    expect(answerFromProgram(130497e6, [rev25])).toMatchObject({ unit: 'USD', scale: 1 });
    expect(answerFromProgram(7, [rev25, rev24])).toMatchObject({ unit: null, scale: null });
  });

  it('strings and booleans', () => {
    expect(answerFromProgram('$1.2 billion', [])).toEqual({
      text: '$1.2 billion',
      value: 1.2,
      unit: 'USD',
      scale: 1e9,
    });
    expect(answerFromProgram(true, [])).toEqual({
      text: 'yes',
      value: null,
      unit: null,
      scale: null,
    });
  });
});

describe('vote (self-consistency)', () => {
  const a = (value: number | null, scale: number | null, text = '') => ({
    text,
    value,
    unit: null,
    scale,
  });

  it('normalises to base units at 4 significant digits', () => {
    expect(normaliseAnswer(a(69575, 1e6)).answer).toBe('69580000000');
    expect(normaliseAnswer(a(69.575, 1e9)).answer).toBe('69580000000');
    expect(normaliseAnswer(a(114.20216, 0.01)).value).toBe(1.142);
    expect(normaliseAnswer(a(null, null, ' Data  Center.')).answer).toBe('data center');
  });

  it('majority wins; samples that agree up to rounding vote together', () => {
    const r = vote([a(114.2, 0.01), a(1.14202, 1), a(0.5, 1), a(114.20216, 0.01)]);
    expect(r.winner).toBe(0);
    expect(r.votes).toBe(3);
    expect(r.samples.map((s) => s.answer)).toEqual(['1.142', '1.142', '0.5', '1.142']);
  });

  it('a tie goes to the first; samples without an answer do not vote', () => {
    expect(vote([a(null, null), a(2, 1), a(3, 1)])).toMatchObject({ winner: 1, votes: 1 });
    expect(vote([a(null, null), a(null, null)])).toMatchObject({ winner: 0, votes: 0 });
  });
});
