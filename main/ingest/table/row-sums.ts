import type { ParsedValue } from './cell-value';

/**
 * Sum checks for row trees: does a total row equal the sum of a group of rows, within the
 * rounding of the numbers as shown? Used to decide which rows a "Total" closes and whether a
 * product's rows are a group, where the values allow it.
 */

/**
 * One amount of a row: the number as shown, its count of decimals and the grid columns it
 * covers ("$" and ")" cells included). Rows of one column do not always start in the same grid
 * column ("$925" with its "$" in a cell of its own, "255" spanning both), so amounts are matched
 * by overlapping columns.
 */
export interface Amount {
  first: number;
  last: number;
  value: number;
  decimals: number;
}

/** A row's amounts, left to right. */
export type Amounts = readonly Amount[];

/**
 * The amounts of a row's value pieces that can add up: numbers and dashes (0). Percentages,
 * multiples, ranges, words and n/a are left out: a "% change" column does not sum.
 */
export function amountsOf(
  pieces: readonly {
    col: number;
    firstCol?: number;
    lastCol?: number;
    text: string;
    parsed: ParsedValue;
  }[],
): Amount[] {
  const out: Amount[] = [];
  for (const p of pieces) {
    const v = p.parsed;
    if ((v.kind !== 'number' && v.kind !== 'dash') || v.value === null) continue;
    if (v.percent || v.multiple || v.basisPoints === true || /%/.test(p.text)) continue;
    const decimals = /\.(\d+)/.exec(p.text)?.[1]?.length ?? 0;
    out.push({
      first: Math.min(p.firstCol ?? p.col, p.col),
      last: Math.max(p.lastCol ?? p.col, p.col),
      value: v.value * v.wordScale,
      decimals,
    });
  }
  return out;
}

const overlaps = (a: Amount, b: Amount) => a.first <= b.last && b.first <= a.last;

/** Column-wise sums of several rows' amounts. */
export function addAmounts(rows: readonly Amounts[]): Amount[] {
  const sum: Amount[] = [];
  for (const row of rows) {
    for (const a of row) {
      const s = sum.find((x) => overlaps(x, a));
      if (s === undefined) sum.push({ ...a });
      else {
        s.value += a.value;
        s.decimals = Math.max(s.decimals, a.decimals);
        s.first = Math.min(s.first, a.first);
        s.last = Math.max(s.last, a.last);
      }
    }
  }
  return sum;
}

/**
 * `holds`: the parts add up to the total, within rounding, in at least two columns with a
 * non-zero total (in the only one when one column is compared); `fails`: in none of the
 * compared columns; `unknown`: nothing to compare or mixed (a "% change" column written without
 * "%" does not add up while the amounts beside it do). Each shown number may be off by half a
 * unit of its last digit, the total too.
 */
export type SumVerdict = 'holds' | 'fails' | 'unknown';

export function sumVerdict(total: Amounts, parts: readonly Amounts[]): SumVerdict {
  if (parts.length === 0) return 'unknown';
  let holds = 0;
  let fails = 0;
  for (const t of total) {
    if (t.value === 0) continue;
    let sum = 0;
    let n = 0;
    let decimals = t.decimals;
    for (const p of parts) {
      const a = p.find((x) => overlaps(x, t));
      if (a === undefined) continue;
      sum += a.value;
      n++;
      decimals = Math.max(decimals, a.decimals);
    }
    if (n === 0) continue;
    const slack = 0.5 * 10 ** -decimals * (n + 1) + 1e-9;
    if (Math.abs(sum - t.value) <= slack) holds++;
    else fails++;
  }
  if (holds === 0) return fails === 0 ? 'unknown' : 'fails';
  return holds >= Math.min(2, holds + fails) ? 'holds' : 'unknown';
}

/** How many rows below a total the one that adds it up with them may be. */
const LOOKAHEAD = 15;

/**
 * The later total that adds a total up together with the rows between them ("Total
 * interest-bearing liabilities", then "Demand deposits", "Other non-interest-bearing
 * liabilities", then "Total liabilities" = their sum): its index, or -1. `rows[i]` is the
 * total; a row without values ends the search.
 */
export function addedUpLater(
  rows: readonly { hasValues: boolean; amounts?: Amounts }[],
  isTotal: (j: number) => boolean,
  i: number,
): number {
  if ((rows[i]?.amounts?.length ?? 0) === 0) return -1;
  const run: Amounts[] = [];
  for (let j = i; j < Math.min(rows.length, i + LOOKAHEAD + 1); j++) {
    const row = rows[j] as { hasValues: boolean; amounts?: Amounts };
    if (!row.hasValues || row.amounts === undefined) return -1;
    // rows of zeros between them say nothing: the later total then equals this one
    const moved = run.slice(1).some((r) => r.some((a) => a.value !== 0));
    if (j > i + 1 && moved && isTotal(j) && sumVerdict(row.amounts, run) === 'holds') return j;
    run.push(row.amounts);
  }
  return -1;
}
