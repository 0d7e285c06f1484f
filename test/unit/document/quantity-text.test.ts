import { describe, expect, it } from 'vitest';
import { quantityText } from '../../../renderer/features/document/quantity-text';

describe('the quantity a cell stands for (cell details)', () => {
  it('scales amounts to base units with their unit', () => {
    expect(quantityText({ value: 2275, scale: 1e6, unit: 'USD' })).toBe('2,275,000,000 USD');
    expect(quantityText({ value: 2.47, scale: 1, unit: 'USD/share' })).toBe('2.47 USD/share');
    expect(quantityText({ value: 12, scale: 1, unit: null })).toBe('12');
    expect(quantityText({ value: null, scale: 1e6, unit: 'USD' })).toBe('—');
  });

  it('shows a percent as the fraction it is, with the percent beside it', () => {
    expect(quantityText({ value: 41.2, scale: 0.01, unit: '%' })).toBe('0.412 (41.2%)');
    expect(quantityText({ value: -3.5, scale: 0.01, unit: '%' })).toBe('-0.035 (-3.5%)');
  });
});
