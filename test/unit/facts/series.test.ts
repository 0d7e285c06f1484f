import { describe, expect, it } from 'vitest';
import type { FactsFiling, SeriesPoint } from '../../../shared/facts/company-facts';
import { chartPoints, periodKinds, periodText, seriesCsv } from '../../../shared/facts/series';

const filing = (documentId: number, periodEnd: string): FactsFiling => ({
  documentId,
  name: `f${documentId}.html`,
  form: '10-K',
  periodEnd,
  fiscalPeriod: null,
  factCount: 1,
  error: null,
});
const point = (
  documentId: number,
  start: string | null,
  end: string,
  value: number,
  extra: Partial<SeriesPoint> = {},
): SeriesPoint => ({
  documentId,
  concept: 'us-gaap:Revenues',
  period: start === null ? { instant: end } : { start, end },
  label: null,
  months: start === null ? 0 : 12,
  unit: 'USD',
  decimals: -6,
  value,
  scale: 1e6,
  base: value * 1e6,
  cells: [{ tableId: `t${documentId}`, row: 1, col: 2 }],
  rowLabel: 'Total revenues',
  ...extra,
});

describe('chart points', () => {
  const filings = [filing(1, '2023-12-31'), filing(2, '2024-12-31')];
  // FY2023 in both 10-Ks: restated by the later one.
  const points = [
    point(1, '2023-01-01', '2023-12-31', 77_794, { label: 'FY2023' }),
    point(2, '2023-01-01', '2023-12-31', 77_800, { label: 'FY2023' }),
    point(2, '2024-01-01', '2024-12-31', 66_517, { label: 'FY2024' }),
    point(2, '2024-04-01', '2024-06-30', 16_866, { label: 'Q2 2024', months: 3 }),
    point(1, '2022-01-01', '2022-12-31', 66_608, { label: 'FY2022' }),
  ];

  it('takes each period once, oldest first, from the newest filing that reports it', () => {
    expect(chartPoints(points, 'year', filings).map((p) => [p.label, p.value])).toEqual([
      ['FY2022', 66_608],
      ['FY2023', 77_800],
      ['FY2024', 66_517],
    ]);
    expect(chartPoints(points, 'quarter', filings).map((p) => p.label)).toEqual(['Q2 2024']);
  });

  it('offers the kinds of period there are, most periods first', () => {
    expect(periodKinds(points)).toEqual(['year', 'quarter']);
    expect(periodKinds([])).toEqual([]);
  });

  it('names a period by its label, else by its dates', () => {
    expect(periodText(points[0]!)).toBe('FY2023');
    expect(periodText(point(1, null, '2024-12-31', 1))).toBe('2024-12-31');
    expect(periodText(point(1, '2024-02-01', '2024-12-31', 1))).toBe('2024-02-01 – 2024-12-31');
  });
});

describe('series CSV', () => {
  it('writes one guarded record per point with the filing and the cell', () => {
    const hostile = point(1, '2024-01-01', '2024-12-31', -5, {
      label: 'FY2024',
      rowLabel: '=HYPERLINK("http://x")',
    });
    const lines = seriesCsv('us-gaap:Revenues', [hostile], [filing(1, '2024-12-31')]).split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe(
      'us-gaap:Revenues,FY2024,2024-01-01,2024-12-31,-5,1000000,-5000000,USD,"\'=HYPERLINK(""http://x"")",f1.html,1,t1,1,2',
    );
  });
});
