import { describe, expect, it } from 'vitest';
import { answerText, formatAnswerNumber, numberText } from '../../../shared/runs/answer-text';
import { showAnswer } from '../../../shared/runs/report';
import { answerQuantity } from '../../../renderer/features/ask/answer-text';

describe('answers written once, in their unit (issue 25)', () => {
  it('writes a percent answer of 49.3558… once: "49.3558%", every digit for files', () => {
    const item = { answer: 49.3558418481, answerScale: 'percent' };
    expect(answerText(item)).toBe('49.3558%');
    expect(answerText(item, 'full')).toBe('49.3558418481%');
    expect(showAnswer(item)).toBe('49.3558418481%');
    // The item list shortens what the report row holds, and only that.
    expect(numberText(showAnswer(item)!)).toBe('49.3558%');
  });

  it('shows the Ask panel answer of that percent once, with no fraction beside it', () => {
    // What the program's value becomes (shared/ask/answer.ts): "49.355842%", unit %, scale 0.01.
    const a = { text: '49.355842%', value: 49.3558418481, unit: '%', scale: 0.01 };
    const line = [numberText(a.text), answerQuantity(a)].filter((x) => x !== null).join(' = ');
    expect(line).toBe('49.3558%');
    expect(line).not.toMatch(/0\.49/);
  });

  it('keeps a fraction a fraction: shown as stored, never turned into a percent', () => {
    expect(answerText({ answer: 0.493558418481, answerScale: null })).toBe('0.4936');
    expect(answerText({ answer: 0.493558418481, answerScale: null }, 'full')).toBe(
      '0.493558418481',
    );
    expect(numberText('0.493558418481')).toBe('0.4936');
  });

  it('writes scales, text, lists and yes/no answers', () => {
    expect(answerText({ answer: 44.1, answerScale: 'million' })).toBe('44.1 million');
    expect(answerText({ answer: 1234567.891, answerScale: null })).toBe('1,234,567.891');
    expect(answerText({ answer: 1234567.891, answerScale: null }, 'full')).toBe('1234567.891');
    // TAT-QA gives the scale apart from a number written as text.
    expect(answerText({ answer: '12.5', answerScale: 'percent' })).toBe('12.5%');
    expect(answerText({ answer: 'about 12.5', answerScale: 'percent' })).toBe('about 12.5 percent');
    expect(answerText({ answer: 'The answer is  $3.2 billion.', answerScale: null })).toBe(
      'The answer is $3.2 billion.',
    );
    expect(answerText({ answer: ['Europe', 2.5], answerScale: null })).toBe('Europe, 2.5');
    expect(answerText({ answer: true, answerScale: null })).toBe('yes');
    expect(answerText({ answer: null, answerScale: 'percent' })).toBeNull();
    expect(numberText('-12.6')).toBe('-12.6');
    expect(numberText('$4,584,833')).toBe('$4,584,833');
  });

  it('writes no float noise and no exponent for ordinary numbers', () => {
    expect(formatAnswerNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatAnswerNumber(0.1 + 0.2, 'full')).toBe('0.3');
    expect(formatAnswerNumber(-0.000123456)).toBe('-0.0001235');
    expect(formatAnswerNumber(0)).toBe('0');
    // A year is no amount: 2019, not 2,019; five digits and more are grouped.
    expect(formatAnswerNumber(2019)).toBe('2019');
    expect(formatAnswerNumber(-12345.5)).toBe('-12,345.5');
  });
});
