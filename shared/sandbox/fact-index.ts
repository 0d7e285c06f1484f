import { gridPositions } from '../document/grid-layout';
import { fiscalYearOfEnd } from '../library/filing-facts';
import type { Document, XbrlFactRef } from '../document';

/**
 * The fact index of a tagged filing (issue 27): every inline XBRL fact that sits in a table
 * cell, once per (concept, period, dimensions, unit), with the cells it appears in. What
 * `fact()`/`facts()` read in the sandboxes and what the workspace stores per document
 * (main/library/fact-index-service.ts). Plain data: it crosses worker and process boundaries.
 */

export type FactPeriod = { instant: string } | { start: string; end: string };

/** Where a fact is shown: the grid position `cell(tableId, row, col)` takes. */
export interface FactCell {
  tableId: string;
  row: number;
  col: number;
}

export interface SandboxFact {
  /** As the filing names it: "us-gaap:Revenues". */
  concept: string;
  period: FactPeriod;
  /**
   * The fiscal period: "FY2024" (a year, or a balance at its end), "Q3 2024" (a quarter, or a
   * balance at its end), "H1 2024" and "9M 2024" (six and nine months from the fiscal year's
   * start); null for other spans.
   */
  label: string | null;
  /** Axis → member, prefixes as filed; {} for none. */
  dimensions: Record<string, string>;
  /** The filing's unit: "USD", "shares", "pure", "USD/shares". */
  unit: string | null;
  decimals: number | 'INF' | null;
  /** The number as the first cell shows it (sign: the fact's); value × scale = base. */
  value: number;
  /** 10^(the fact's scale attribute): 1e6 for a fact shown in millions. */
  scale: number;
  /** The fact's value in base units (dollars, shares; a fraction for a percentage). */
  base: number;
  cells: FactCell[];
  /**
   * In an ask across several filings: the filing the fact was read from (its cells' table ids
   * are then qualified, "d12:t21"); absent for one filing.
   */
  filing?: { documentId: number; label: string };
}

/** Bump when the index reads facts differently: stored indexes are built again. */
export const FACT_INDEX_VERSION = 1;

const DAY = 86_400_000;
const utc = (iso: string): number =>
  Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10));
const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const ISO = /^\d{4}-\d{2}-\d{2}$/;

/** Months a span covers, rounded (a 52-week year is 12, 13 weeks are 3); null past a year. */
function months(start: string, end: string): number | null {
  const days = (utc(end) - utc(start)) / DAY + 1;
  const m = Math.round(days / 30.44);
  return m >= 1 && m <= 12 ? m : null;
}

/** What a filing says about its fiscal calendar, where known (from its cover facts). */
export interface FiscalHints {
  /** The fiscal year's end (month, day), dei:CurrentFiscalYearEndDate. */
  yearEnd?: [number, number] | null;
  /** The filing's period end and fiscal year as its cover names them (dei:). */
  periodEnd?: string | null;
  fiscalYear?: number | null;
}

/**
 * The fiscal year's end (month, day) from the facts themselves: the end of a twelve-month span,
 * else the day before the start of the longest span that ends on the latest end (a 10-Q's
 * year-to-date columns start the day after the last fiscal year ended).
 */
export function inferYearEnd(periods: readonly FactPeriod[]): [number, number] | null {
  const spans = periods.filter((p): p is { start: string; end: string } => 'start' in p);
  const md = (iso: string): [number, number] => [+iso.slice(5, 7), +iso.slice(8, 10)];
  const year = spans.filter((p) => months(p.start, p.end) === 12);
  if (year.length > 0) {
    const latest = year.reduce((a, b) => (b.end > a.end ? b : a));
    return md(latest.end);
  }
  if (spans.length === 0) return null;
  const end = spans.reduce((a, b) => (b.end > a.end ? b : a)).end;
  const longest = spans.filter((p) => p.end === end).reduce((a, b) => (b.start < a.start ? b : a));
  return md(isoDay(utc(longest.start) - DAY));
}

/**
 * Names periods in the filer's fiscal calendar. Years are named by the calendar year they end
 * in (fiscalYearOfEnd), shifted when the cover names its own period's year otherwise (Home
 * Depot's fiscal 2024 ends in February 2025).
 */
export class FiscalCalendar {
  private readonly shift: number;

  constructor(
    private readonly yearEnd: [number, number] | null,
    hints: FiscalHints = {},
  ) {
    const { periodEnd, fiscalYear } = hints;
    const computed =
      periodEnd && ISO.test(periodEnd) ? fiscalYearOfEnd(periodEnd, this.yearEnd) : null;
    const shift = fiscalYear != null && computed !== null ? fiscalYear - computed : 0;
    this.shift = Math.abs(shift) <= 1 ? shift : 0;
  }

  fiscalYear(end: string): number {
    return fiscalYearOfEnd(end, this.yearEnd) + this.shift;
  }

  /** Months from the fiscal year's start to `end` (3, 6, 9, 12), by the nearest year end. */
  private monthsIntoYear(end: string): number | null {
    if (this.yearEnd === null) return null;
    const [m, d] = this.yearEnd;
    const e = utc(end);
    // The last year end before this date (a week's slack for 52/53-week years).
    let prior: number | null = null;
    for (const y of [+end.slice(0, 4) - 2, +end.slice(0, 4) - 1, +end.slice(0, 4)]) {
      const close = Date.UTC(y, m - 1, d);
      if (close < e - 7 * DAY) prior = close;
    }
    if (prior === null) return null;
    const n = Math.round((e - prior) / DAY / 30.44);
    return n >= 1 && n <= 12 ? n : null;
  }

  label(period: FactPeriod): string | null {
    const end = 'instant' in period ? period.instant : period.end;
    if (!ISO.test(end)) return null;
    const fy = this.fiscalYear(end);
    const into = this.monthsIntoYear(end);
    const span = 'start' in period ? months(period.start, period.end) : null;
    if ('start' in period && span === null) return null;
    // A balance (instant) is named by the period it closes: the year, or the quarter.
    const length = span ?? (into === 12 || into === null ? 12 : 3);
    if (length === 12) return into === null || into === 12 ? `FY${fy}` : null;
    if (into === null || into % 3 !== 0) return null;
    if (length === 3) return `Q${into / 3} ${fy}`;
    if (length === into && length === 6) return `H1 ${fy}`;
    if (length === into && length === 9) return `9M ${fy}`;
    return null;
  }
}

function factPeriod(f: XbrlFactRef): FactPeriod | null {
  const p = f.period;
  if (p === null || 'forever' in p) return null;
  return p;
}

/** value × 10^n in decimal, so 2.15 × 1e6 is 2150000 exactly. */
function shiftDecimal(value: number, n: number): number {
  if (value === 0 || n === 0) return value;
  const [mantissa, exponent] = value.toExponential().split('e') as [string, string];
  return Number(`${mantissa}e${Number(exponent) + n}`);
}

const factKey = (f: XbrlFactRef, p: FactPeriod): string =>
  JSON.stringify([
    f.concept,
    'instant' in p ? p.instant : [p.start, p.end],
    Object.entries(f.dimensions).sort(([a], [b]) => (a < b ? -1 : 1)),
    f.unit,
  ]);

const precision = (d: SandboxFact['decimals']): number =>
  d === 'INF' ? Infinity : d === null ? -Infinity : d;

/**
 * The facts of a document's tables. A fact shown in several cells (revenue on the income
 * statement and in a segment note) is one entry listing every cell; where two cells show it at
 * different precision (one in millions, one in thousands), the most precise value is the
 * fact's. Facts without a readable value or a dated period are left out.
 */
export function buildFactIndex(
  document: Pick<Document, 'tables'>,
  hints: FiscalHints = {},
): SandboxFact[] {
  const found: { fact: XbrlFactRef; period: FactPeriod; cell: FactCell }[] = [];
  for (const table of document.tables) {
    let positions: ReturnType<typeof gridPositions> | undefined;
    for (const c of table.cells) {
      if (!c.xbrl || c.xbrl.length === 0) continue;
      positions ??= gridPositions(table);
      const at = positions.of(c);
      if (!at) continue;
      for (const fact of c.xbrl) {
        const period = factPeriod(fact);
        if (fact.factValue === null || period === null) continue;
        found.push({ fact, period, cell: { tableId: table.id, row: at.row, col: at.col } });
      }
    }
  }
  const yearEnd = hints.yearEnd ?? inferYearEnd(found.map((f) => f.period));
  const calendar = new FiscalCalendar(yearEnd, hints);
  const byKey = new Map<string, SandboxFact>();
  for (const { fact, period, cell } of found) {
    const key = factKey(fact, period);
    const value = fact.factValue as number;
    const entry = byKey.get(key);
    if (entry) {
      if (
        !entry.cells.some(
          (c) => c.tableId === cell.tableId && c.row === cell.row && c.col === cell.col,
        )
      )
        entry.cells.push(cell);
      if (precision(fact.decimals) > precision(entry.decimals)) {
        entry.decimals = fact.decimals;
        entry.base = value;
        entry.value = shiftDecimal(value, -fact.scale);
        entry.scale = Number(`1e${fact.scale}`);
      }
      continue;
    }
    byKey.set(key, {
      concept: fact.concept,
      period,
      label: calendar.label(period),
      dimensions: fact.dimensions,
      unit: fact.unit,
      decimals: fact.decimals,
      value: shiftDecimal(value, -fact.scale),
      scale: Number(`1e${fact.scale}`),
      base: value,
      cells: [cell],
    });
  }
  return [...byKey.values()];
}
