import { describe, expect, it } from 'vitest';
import {
  chartDomain,
  chartSummary,
  layoutIntervalBars,
  niceStep,
  symmetricDomain,
} from '../../../renderer/components/charts/interval-bars';

describe('interval bar chart geometry', () => {
  it('uses 0–100 for percents and a padded extent through 0 for differences', () => {
    expect(chartDomain([{ label: 'a', value: 40, low: 30, high: 50 }])).toEqual([0, 100]);
    expect(chartDomain([{ label: 'd', value: -3.2, low: -8.1, high: 1.4 }])).toEqual([-10, 2]);
    expect(niceStep(100)).toBe(20);
    expect(niceStep(9.5)).toBe(2);
    // A difference is drawn on a scale centred on no change.
    expect(symmetricDomain([{ label: 'A − B', value: 33.5, low: 26.5, high: 40.5 }])).toEqual([
      -50, 50,
    ]);
    expect(symmetricDomain([{ label: 'A − B', value: -3.2, low: -8.1, high: 1.4 }])).toEqual([
      -10, 10,
    ]);
  });

  it('places bars, whiskers and ticks on the scale of the plot', () => {
    const layout = layoutIntervalBars(
      [
        { label: 'complong', value: 50, low: 40, high: 60 },
        { label: 'simpshort', value: 100 },
      ],
      { width: 500, labelWidth: 100, valueWidth: 100, rowHeight: 20 },
    );
    expect(layout.plot).toMatchObject({ left: 100, right: 400 });
    const [a, b] = layout.bars;
    expect(a).toMatchObject({ x0: 100, x1: 250, whisker: { x0: 220, x1: 280 } });
    expect(b!.x1).toBe(400);
    expect(b!.whisker).toBeUndefined();
    expect(b!.y - a!.y).toBe(20);
    expect(layout.ticks.map((t) => t.value)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(layout.zeroX).toBeNull();
  });

  it('draws a negative bar leftwards from the zero line', () => {
    const layout = layoutIntervalBars([{ label: 'B − A', value: -5, low: -9, high: -1 }], {
      width: 500,
      labelWidth: 100,
      valueWidth: 100,
      domain: [-10, 10],
    });
    expect(layout.zeroX).toBe(250);
    expect(layout.bars[0]).toMatchObject({ x0: 250, x1: 175 });
    // Values past the domain are clamped to the plot's edge.
    const clamped = layoutIntervalBars([{ label: 'x', value: 120 }], {
      width: 500,
      labelWidth: 100,
      valueWidth: 100,
      domain: [0, 100],
    });
    expect(clamped.bars[0]!.x1).toBe(400);
  });

  it('summarises every number in one sentence for the aria-label', () => {
    expect(
      chartSummary('Accuracy by scorer', [
        { label: 'docmath', value: 71.5, low: 65.123, high: 77.9, n: 200 },
        { label: 'imported', value: 70 },
      ]),
    ).toBe('Accuracy by scorer: docmath 71.5% (95% interval 65.12% to 77.9%), n=200; imported 70%');
  });
});
