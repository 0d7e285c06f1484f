import { describe, expect, it } from 'vitest';
import { extractAnswer } from '../../../shared/grading/extract-answer';
import { findRefusal } from '../../../shared/grading/refusal';

function answer(text: string): { text: string; value: number | undefined; via: string } | string {
  const a = extractAnswer(text);
  return a.kind === 'answer' ? { text: a.text, value: a.number?.scaled, via: a.via } : a.kind;
}

describe('extractAnswer', () => {
  it.each([
    ['Therefore, the answer is 8,184.', '8,184', 8184, 'marker'],
    [
      'Step 1: 5+5=10. Therefore, the answer is $1,234.5 million.',
      '$1,234.5 million',
      1234500000,
      'marker',
    ],
    ['answer: -3.2%', '-3.2%', -3.2, 'marker'],
    ['Answer: (1,234)', '(1,234)', -1234, 'marker'],
    ['**Final Answer:** 23.42', '23.42', 23.42, 'marker'],
    ['The final answer is 3.5 million dollars', '3.5 million dollars', 3500000, 'marker'],
    ['so \\boxed{23.42\\%} is it', '23.42%', 23.42, 'boxed'],
    ['The answer is 1.2e3', '1.2e3', 1200, 'marker'],
    ['answer is approximately 5 units', 'approximately 5 units', 5, 'marker'],
    ['Revenue rose from 100 to 120, i.e. 20%', '20%', 20, 'last-number'],
    ['  42  ', '42', 42, 'whole'],
    ['25/31', '25/31', 25 / 31, 'expression'],
    ['the answer is 1,200 × 1.05', '1,200 × 1.05', 1260, 'expression'],
  ])('%j → %j', (text, span, value, via) => {
    const got = answer(text);
    expect(got).toMatchObject({ text: span, via });
    expect(typeof got === 'object' && got.value).toBeCloseTo(value, 9);
  });

  it('takes the last marker when the model restates the answer', () => {
    expect(answer('The answer is 5. Wait, recompute: the answer is 7.')).toMatchObject({
      value: 7,
    });
  });

  it.each([
    'The value cannot be determined from the given data.',
    'Therefore, the answer is: insufficient information.',
    'The 2019 figure is not provided in the table.',
    'Answer: not enough information to compute',
    'I cannot determine this from the context.',
  ])('detects a refusal: %j', (text) => {
    expect(extractAnswer(text).kind).toBe('refusal');
  });

  it('prefers a stated answer over a refusal phrase in the reasoning', () => {
    expect(
      answer('Tax is not provided so we assume 0. Therefore, the answer is 12.5.'),
    ).toMatchObject({
      value: 12.5,
    });
  });

  it('reports no answer for empty or number-free text, and for "None"', () => {
    expect(extractAnswer('').kind).toBe('none');
    expect(extractAnswer('no idea').kind).toBe('none');
    expect(extractAnswer('The answer is None').kind).toBe('none');
  });

  it('reads only the tail of gigantic outputs', () => {
    const big = `${'blah 1 '.repeat(50_000)} Therefore, the answer is 99.`;
    expect(answer(big)).toMatchObject({ value: 99 });
  });

  it('finds refusal phrases', () => {
    expect(findRefusal('this CANNOT BE DETERMINED')).toBe('CANNOT BE DETERMINED');
    expect(findRefusal('The answer is 5')).toBeUndefined();
  });
});
