import { describe, expect, it } from 'vitest';
import { LlmErrorCode } from '../../../shared/llm/provider';
import { answerQuantity, usd } from '../../../renderer/features/ask/answer-text';
import { errorHeadline, errorHint } from '../../../renderer/components/error-text';

describe('Ask panel texts', () => {
  it('has a headline for every model error code, and a hint for those with something to do', () => {
    for (const code of LlmErrorCode.options) {
      expect(errorHeadline({ code, message: '' }), code).not.toBe('Something went wrong');
      if (code !== 'cancelled' && code !== 'llm-server-error' && code !== 'llm-bad-response')
        expect(errorHint({ code, message: '' }), code).toBeDefined();
    }
  });

  it('writes an answer in base units as the cell panel does, saying when the scale is unknown', () => {
    expect(answerQuantity({ text: '$2,275', value: 2275, unit: 'USD', scale: 1e6 })).toBe(
      '2,275,000,000 USD',
    );
    // A percent is shown once, as the answer gives it (issue 25: not "41.2% = 0.412 (41.2%)").
    expect(answerQuantity({ text: '41.2%', value: 41.2, unit: '%', scale: 0.01 })).toBeNull();
    expect(answerQuantity({ text: '-12.6', value: -12.6, unit: null, scale: null })).toBe(
      '-12.6 (scale not known)',
    );
    expect(answerQuantity({ text: 'yes', value: null, unit: null, scale: null })).toBeNull();
  });

  it('writes costs in dollars with the precision a small cost needs', () => {
    expect(usd(0)).toBe('$0');
    expect(usd(0.000123)).toBe('$0.00012');
    expect(usd(0.0421)).toBe('$0.0421');
    expect(usd(3.5)).toBe('$3.50');
  });
});
