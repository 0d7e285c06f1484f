import type { Cell } from '../../../shared/document';
import { headOf, resolveUnit, unitHint } from '../table/cell-unit';
import type { ScaleNote } from '../table/scale-note';
import type { LineCell } from './line-cells';

// A price column or row ("High", "Price range") holds amounts per share or unit
const price = /\bprice\b/i;

const minor = new Set([
  'data',
  'amounts',
  'amount',
  'information',
  'the',
  'and',
  'where',
  'noted',
  'otherwise',
  'indicated',
  'per',
  'share',
  'shares',
]);

/**
 * "(In thousands, except weighted average exercise price and remaining contractual term)":
 * cells whose row or column names one of the excepted things are not scaled. Share data is
 * left to the note's own share rule.
 */
function excepted(note: ScaleNote | null, where: string): boolean {
  const clause = note ? /\bexcept\b(.*)$/i.exec(note.phrase)?.[1] : undefined;
  if (clause === undefined) return false;
  const w = where.toLowerCase();
  if (w === '') return false;
  return clause
    .replace(/[()]/g, '')
    .split(/,|\band\b|\bor\b/i)
    .map((p) =>
      p
        .toLowerCase()
        .split(/[^a-z%]+/)
        .filter((x) => x.length > 2 && !minor.has(x)),
    )
    .filter((words) => words.length > 0)
    .some((words) => words.every((x) => w.includes(x)));
}

const ownScale: Record<string, number> = { thousands: 1e3, millions: 1e6, billions: 1e9 };

/**
 * Tables print "$" and "%" on the first and total rows of a column only. When most numbers of
 * a column are percentages, or its header says "%", its bare numbers are percentages too; in a
 * column with dollar amounts, bare numbers without a unit of their own are dollars. Ranges
 * follow their column ("Interest Rates %" over "0.75 - 5.82").
 */
export function columnUnits(cells: Cell[]): void {
  const byCol = new Map<number, Cell[]>();
  for (const c of cells) {
    if (c.kind === 'number' || c.kind === 'dash' || c.kind === 'range')
      byCol.set(c.sourceCol, [...(byCol.get(c.sourceCol) ?? []), c]);
  }
  for (const col of byCol.values()) {
    const pct = col.filter((c) => c.unit === '%').length;
    const pctHeader = col.some((c) => /%|\bpercent/i.test(c.colPath.at(-1) ?? ''));
    if (!pctHeader && pct * 2 <= col.filter((c) => c.kind === 'number').length) {
      if (col.some((c) => c.unit === 'USD')) for (const c of col) c.unit ??= 'USD';
      continue;
    }
    for (const c of col) {
      if (c.unit === '%' || c.unit === 'USD/share' || c.unit === 'shares' || /\$/.test(c.text))
        continue;
      c.scale = 0.01;
      c.unit = '%';
    }
  }
}

/** One value cell with its scale and unit: from the cell, its row and columns, and the note. */
export function cellOf(
  row: { sourceRow: number; label: string },
  v: { cell: LineCell; col: number },
  note: ScaleNote | null,
  rowPath: string[],
  colPath: string[],
): Cell {
  const p = v.cell.parsed;
  const where = `${rowPath.join(' ')} ${colPath.join(' ')}`;
  // what the labels name, without what they say of something else ("Common stock, $0.0001 par
  // value; 900,000 shares authorized" names common stock, not a par value)
  const heads = [...rowPath, ...colPath].map(headOf).join(' ');
  // "Network volumes (Billions)": a scale in the row's own label wins over the table's note.
  const own = /\((?:in\s+)?(thousands|millions|billions)\)/i.exec(row.label)?.[1]?.toLowerCase();
  const base = own ? ownScale[own] : excepted(note, heads) ? 1 : (note?.scale ?? 1);
  let scale = (base ?? 1) * p.wordScale;
  let unit: string | null = p.currency || note?.currency ? 'USD' : null;
  if (p.percent) {
    scale = 0.01;
    unit = '%';
  } else if (p.multiple) {
    scale = 1;
    unit = 'x';
  } else {
    // Per-share and share rows are recognised from their own words, as in filings' HTML (the
    // shared rules): "Shares used to compute basic net income per share" counts shares, "Net
    // income for diluted EPS" is an amount, a whole number under "Earnings per share:" is an input
    const named = resolveUnit(p, rowPath, colPath, {
      note,
      monetary: false,
      percentTable: false,
      shown: v.cell.text,
    });
    // a header wrapped over two lines ("Weighted Avg. GDFV per" / "share") is read whole, for
    // a figure written as per-share figures are, with cents (or a dash)
    const perShareColumn =
      colPath.length > 1 &&
      (p.kind !== 'number' || /\.\d/.test(v.cell.text)) &&
      unitHint(colPath.at(-1) ?? '') === null &&
      unitHint(colPath.join(' ')) === 'perShare';
    if (
      named.unit === 'USD/share' ||
      (named.unit !== 'shares' && (price.test(where) || perShareColumn))
    ) {
      scale = p.wordScale;
      unit = 'USD/share';
    } else if (named.unit === 'shares') {
      // the note's share scale, or none for what its exception names
      scale = own
        ? (ownScale[own] ?? 1) * p.wordScale
        : excepted(note, heads)
          ? p.wordScale
          : named.scale;
      unit = 'shares';
    }
  }
  // Keys in the schema's order (range after value), so the Document is checked in place, with
  // no copy (main/document/check-document.ts)
  const cell = {
    sourceRow: row.sourceRow,
    sourceCol: v.col + 1,
    text: v.cell.text,
    kind: p.kind,
    value: p.value,
  } as Cell;
  if (p.range) cell.range = p.range;
  cell.scale = scale;
  cell.unit = unit;
  cell.rowPath = rowPath;
  cell.colPath = colPath;
  return cell;
}
