import { csvDocument } from '../export/csv';
import type { FactsFiling, SeriesPoint } from './company-facts';

/**
 * What a trend chart of a concept shows: one kind of period at a time (years, quarters, six or
 * nine months, balances), since a quarter's revenue on a line with a year's would mislead.
 */
export type PeriodKind = 'year' | 'quarter' | 'half' | 'nine-months' | 'instant';

export const periodKindLabel: Record<PeriodKind, string> = {
  year: 'Years',
  quarter: 'Quarters',
  half: 'Six months',
  'nine-months': 'Nine months',
  instant: 'Balances (at period end)',
};

export function periodKind(p: Pick<SeriesPoint, 'months'>): PeriodKind | null {
  switch (p.months) {
    case 0:
      return 'instant';
    case 3:
      return 'quarter';
    case 6:
      return 'half';
    case 9:
      return 'nine-months';
    case 12:
      return 'year';
    default:
      return null;
  }
}

export const periodEnd = (p: Pick<SeriesPoint, 'period'>): string =>
  'instant' in p.period ? p.period.instant : p.period.end;
const periodKey = (p: Pick<SeriesPoint, 'period'>): string =>
  'instant' in p.period ? p.period.instant : `${p.period.start}/${p.period.end}`;

/** The kinds of period the points hold, most points first (ties: years before quarters …). */
export function periodKinds(points: readonly SeriesPoint[]): PeriodKind[] {
  const order: PeriodKind[] = ['year', 'quarter', 'half', 'nine-months', 'instant'];
  const count = new Map<PeriodKind, number>();
  for (const k of distinctPeriods(points)) count.set(k.kind, (count.get(k.kind) ?? 0) + 1);
  return order
    .filter((k) => count.has(k))
    .sort((a, b) => count.get(b)! - count.get(a)! || order.indexOf(a) - order.indexOf(b));
}

function distinctPeriods(points: readonly SeriesPoint[]): { key: string; kind: PeriodKind }[] {
  const seen = new Map<string, PeriodKind>();
  for (const p of points) {
    const kind = periodKind(p);
    if (kind) seen.set(periodKey(p), kind);
  }
  return [...seen].map(([key, kind]) => ({ key, kind }));
}

/**
 * The points a chart draws for one kind of period: one per period, oldest first, taken from
 * the newest filing that reports it (a later filing's figure is the one the filer stands by
 * now, restated or not); the others are in the values table.
 */
export function chartPoints(
  points: readonly SeriesPoint[],
  kind: PeriodKind,
  filings: readonly FactsFiling[],
): SeriesPoint[] {
  const filedAt = new Map(filings.map((f, i) => [f.documentId, f.periodEnd ?? `~${i}`]));
  const best = new Map<string, SeriesPoint>();
  for (const p of points) {
    if (periodKind(p) !== kind) continue;
    const key = periodKey(p);
    const held = best.get(key);
    if (!held || (filedAt.get(p.documentId) ?? '') > (filedAt.get(held.documentId) ?? ''))
      best.set(key, p);
  }
  return [...best.values()].sort((a, b) =>
    periodEnd(a) === periodEnd(b) ? 0 : periodEnd(a) < periodEnd(b) ? -1 : 1,
  );
}

/** A point's period as a reader names it: its fiscal label, else its dates. */
export function periodText(p: Pick<SeriesPoint, 'label' | 'period'>): string {
  if (p.label) return p.label;
  return 'instant' in p.period ? p.period.instant : `${p.period.start} – ${p.period.end}`;
}

/**
 * A series as CSV (through the app's one CSV writer, shared/export/csv.ts, which guards text
 * against spreadsheet formulas: row labels come from the filing): one record per point, with
 * what an analyst needs to check it, the filing and the cell.
 */
export function seriesCsv(
  concept: string,
  points: readonly SeriesPoint[],
  filings: readonly FactsFiling[],
): string {
  const name = new Map(filings.map((f) => [f.documentId, f.name]));
  return csvDocument(
    [
      'concept',
      'period',
      'period_start',
      'period_end',
      'value',
      'scale',
      'value_in_units',
      'unit',
      'row_label',
      'filing',
      'document_id',
      'table',
      'row',
      'column',
    ],
    points.map((p) => [
      concept,
      periodText(p),
      'start' in p.period ? p.period.start : null,
      periodEnd(p),
      p.value,
      p.scale,
      p.base,
      p.unit,
      p.rowLabel,
      name.get(p.documentId) ?? null,
      p.documentId,
      p.cells[0]!.tableId,
      p.cells[0]!.row,
      p.cells[0]!.col,
    ]),
  );
}
