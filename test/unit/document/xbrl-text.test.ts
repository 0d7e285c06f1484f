import { describe, expect, it } from 'vitest';
import {
  decimalsText,
  dimensionLines,
  factValueText,
  periodText,
  visibleText,
} from '../../../renderer/features/document/xbrl-text';
import type { XbrlFactRef } from '../../../shared/document';

const fact: XbrlFactRef = {
  concept: 'us-gaap:NetIncomeLoss',
  contextRef: 'c-1',
  period: { start: '2024-01-01', end: '2024-12-31' },
  dimensions: { 'us-gaap:StatementBusinessSegmentsAxis': 'meta:FamilyOfAppsMember' },
  unitRef: 'usd',
  unit: 'USD',
  decimals: -6,
  scale: 6,
  negated: false,
  factValue: 62_360_000_000,
  agrees: false,
};

describe('an inline XBRL fact as the cell panel words it', () => {
  it('periods, dimensions and decimals', () => {
    expect(periodText(fact.period)).toBe('2024-01-01 to 2024-12-31');
    expect(periodText({ instant: '2024-12-31' })).toBe('at 2024-12-31');
    expect(periodText({ forever: true })).toBe('forever');
    expect(periodText(null)).toBe('—');
    expect(dimensionLines(fact.dimensions)).toEqual([
      'us-gaap:StatementBusinessSegmentsAxis = meta:FamilyOfAppsMember',
    ]);
    expect(dimensionLines({})).toEqual([]);
    expect(decimalsText(-6)).toBe('-6 (to the million)');
    expect(decimalsText(2)).toBe('2 (to the hundredth)');
    expect(decimalsText('INF')).toBe('INF (exact)');
    expect(decimalsText(-12)).toBe('-12');
    expect(decimalsText(null)).toBe('—');
  });

  it("the fact's value in base units, and what the visible text read", () => {
    expect(factValueText(fact)).toBe('62,360,000,000 USD');
    expect(factValueText({ ...fact, factValue: 0.121, unit: 'pure' })).toBe('0.121 pure');
    expect(factValueText({ ...fact, factValue: null })).toMatch(/^not read/);
    expect(
      visibleText({
        text: '62,360',
        visible: { kind: 'number', value: 62360, scale: 1, unit: 'USD/share' },
      }),
    ).toBe('62,360 (USD/share)');
    expect(
      visibleText({
        text: '3.5%-4.0%',
        visible: { kind: 'range', value: null, range: [3.5, 4], scale: 0.01, unit: '%' },
      }),
    ).toBe('3.5 to 4 (%)');
    expect(visibleText({ text: '1' })).toBeNull();
  });
});
