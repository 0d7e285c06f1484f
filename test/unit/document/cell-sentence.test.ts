import { describe, expect, it } from 'vitest';
import { cellSentence, unitPhrase } from '../../../shared/document';

describe('cellSentence', () => {
  it('renders the row path, the column path, the shown number and the unit', () => {
    const sentence = cellSentence({
      rowPath: ['Aerospace Systems', 'Product'],
      colPath: ['Sales', '2018'],
      text: '$11,087',
      unit: 'USD',
      scale: 1e6,
    });
    expect(sentence).toBe('Aerospace Systems > Product, Sales, 2018 = 11,087 (USD millions)');
  });

  it('keeps the sign as displayed and names per-share and percent units without a scale word', () => {
    expect(
      cellSentence({
        rowPath: ['Other'],
        colPath: ['2025'],
        text: '(6.3)',
        unit: 'USD',
        scale: 1e6,
      }),
    ).toBe('Other, 2025 = (6.3) (USD millions)');
    expect(
      cellSentence({
        rowPath: ['EPS', 'Basic'],
        colPath: [],
        text: '$ 2.47',
        unit: 'USD/share',
        scale: 1,
      }),
    ).toBe('EPS > Basic = 2.47 (USD/share)');
    expect(
      cellSentence({
        rowPath: ['Gross margin'],
        colPath: ['2024'],
        text: '39.8%',
        unit: '%',
        scale: 0.01,
      }),
    ).toBe('Gross margin, 2024 = 39.8% (%)');
  });

  it('leaves the unit phrase out when neither unit nor scale says anything', () => {
    expect(
      cellSentence({
        rowPath: ['Employees'],
        colPath: ['2025'],
        text: '36,000',
        unit: null,
        scale: 1,
      }),
    ).toBe('Employees, 2025 = 36,000');
  });
});

describe('unitPhrase', () => {
  it('names the usual scales and falls back to a multiplier for others', () => {
    expect(unitPhrase({ unit: 'shares', scale: 1e3 })).toBe('(shares thousands)');
    expect(unitPhrase({ unit: null, scale: 1e9 })).toBe('(billions)');
    expect(unitPhrase({ unit: 'USD', scale: 100 })).toBe('(USD ×100)');
  });
});
