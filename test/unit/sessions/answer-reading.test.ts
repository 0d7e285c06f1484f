import { describe, expect, it } from 'vitest';
import { answerReading } from '../../../renderer/stores/sessions/answer-reading';

describe('answer reading under the answer box', () => {
  it('reads numbers with the chosen scale and unit', () => {
    expect(answerReading('-228', 'million', 'USD')).toEqual({
      tone: 'ok',
      text: 'Reads as -228 million USD',
    });
    expect(answerReading('(1,234.5)', '', '')).toEqual({ tone: 'ok', text: 'Reads as -1,234.5' });
    expect(answerReading('35.48', 'percent', '')?.text).toBe('Reads as 35.48%');
    expect(answerReading('$2.5 million', '', '')?.text).toBe('Reads as 2.5 million');
  });

  it('flags typos that are not numbers, and a scale said twice differently', () => {
    for (const typo of ['1,2', '12..5'])
      expect(answerReading(typo, '', '')).toMatchObject({
        tone: 'warn',
        text: expect.stringContaining('does not read as a number') as string,
      });
    expect(answerReading('2.5 million', 'thousand', '')).toMatchObject({
      tone: 'warn',
      text: 'The answer says million but the scale is set to thousand.',
    });
  });

  it('takes words as a text answer and says nothing for an empty box', () => {
    expect(answerReading('Participants are required', '', '')?.tone).toBe('text');
    expect(answerReading('  ', '', '')).toBeUndefined();
  });
});
