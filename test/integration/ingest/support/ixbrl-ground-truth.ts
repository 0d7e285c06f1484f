import { Parser } from 'htmlparser2';

/**
 * Ground truth for the SEC-HTML ingester from inline XBRL, written independently of it: a
 * second, minimal walk that only locates each `ix:nonFraction` in its table grid (table order,
 * `<tr>` index, grid column after colspan/rowspan) and reads the fact's value the way the
 * inline XBRL transformation rules define it.
 */
export interface TableFact {
  /** 0-based order of the enclosing `<table>` among all `<table>` elements. */
  tableIndex: number;
  row: number;
  col: number;
  /** Position of this fact among the facts of its cell (range cells hold two). */
  nth: number;
  name: string;
  unitRef: string | null;
  format: string | null;
  scaleAttr: number;
  /** `sign="-"`: the fact value is negative. */
  signAttr: boolean;
  shown: string;
  /** |fact value| = displayed number × 10^scale; null if nil or in a format we do not read. */
  magnitude: number | null;
  /** `xsi:nil="true"`: the fact has no value and nothing is displayed. */
  nil: boolean;
  /** The cell shows the number as negative: "(" before it (here or in the cell before) or "-". */
  shownNegative: boolean;
  /** Where the fact's text starts in the cell's whitespace-collapsed text. */
  offsetInCell: number;
  /** The whole cell's text, whitespace collapsed. */
  cellText: string;
}

const words: Record<string, number> = {
  no: 0, none: 0, zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7,
  eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15,
  twenty: 20, thirty: 30,
}; // prettier-ignore

/** The inline XBRL transformation formats these filings use (ixt v4, ixt-sec). */
export function factMagnitude(shown: string, format: string | null, scale: number): number | null {
  const local = (format ?? '').split(':').pop()?.toLowerCase() ?? '';
  const text = shown.trim();
  let n: number | null;
  if (local === 'fixed-zero' || local === 'zerodash' || local === 'fixedzero') n = 0;
  else if (local.startsWith('numwordsen') || local === 'num-word-en') {
    n = words[text.toLowerCase()] ?? null;
  } else if (local === 'num-comma-decimal' || local === 'numcommadecimal') {
    const t = text.replace(/[^\d,]/g, '').replace(',', '.');
    n = t === '' ? null : Number(t);
  } else if (local === '' || local === 'num-dot-decimal' || local === 'numdotdecimal') {
    const t = text.replace(/[^\d.]/g, '');
    n = t === '' ? null : Number(t);
  } else n = null;
  return n === null || !Number.isFinite(n) ? null : n * 10 ** scale;
}

/** "(" or a minus right before the number; a dash after a digit or "%" is a range ("3.6%-5.4%"). */
function endsNegative(text: string): boolean {
  const t = text.replace(/[\s\u00a0$]/g, '');
  return t.endsWith('(') || (/[-\u2212\u2013]$/.test(t) && !/[\d%]$/.test(t.slice(0, -1)));
}

/**
 * A cell holding only a dash is a nil value of its own column (Union Pacific's equity
 * statement: "-" under "Common shares", then "0.2" under "Treasury shares") or the middle of
 * a range set over three cells ("3.5 | - | 4.4%"), not the sign of the next cell's number.
 */
const loneDash = (text: string) => /^[-\u2212\u2013\u2014]$/.test(text.replace(/[\s\u00a0]/g, ''));

interface OpenTable {
  index: number;
  row: number;
  nextCol: number;
  coveredUntil: number[];
  cell: { row: number; col: number; text: string; facts: number } | null;
  previousCellText: string;
}

interface OpenFact {
  attrs: Record<string, string>;
  table: OpenTable;
  row: number;
  col: number;
  nth: number;
  before: string;
  previousCellText: string;
  shown: string;
  cell: { text: string };
}

function spanOf(value: string | undefined): number {
  const n = Number.parseInt(value ?? '1', 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(n, 1000) : 1;
}

/** Every `ix:nonFraction` that sits in a table cell, with its grid position and value. */
export function locateTableFacts(html: string): TableFact[] {
  const facts: TableFact[] = [];
  // the cell of each fact, whose text is complete only when the cell closes
  const cellOf = new Map<TableFact, { text: string }>();
  const stack: OpenTable[] = [];
  let tables = 0;
  let fact: OpenFact | null = null;
  const startRow = (t: OpenTable) => {
    t.row++;
    t.nextCol = 0;
    t.previousCellText = '';
  };
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        const t = stack.at(-1);
        if (name === 'table') {
          stack.push({
            index: tables++,
            row: -1,
            nextCol: 0,
            coveredUntil: [],
            cell: null,
            previousCellText: '',
          });
        } else if (t && name === 'tr') {
          startRow(t);
        } else if (t && (name === 'td' || name === 'th')) {
          if (t.row < 0) startRow(t);
          while ((t.coveredUntil[t.nextCol] ?? -1) >= t.row) t.nextCol++;
          const colspan = spanOf(attrs.colspan);
          const rowspan = spanOf(attrs.rowspan);
          for (let c = t.nextCol; c < t.nextCol + colspan && rowspan > 1; c++)
            t.coveredUntil[c] = t.row + rowspan - 1;
          t.cell = { row: t.row, col: t.nextCol, text: '', facts: 0 };
          t.nextCol += colspan;
        } else if (name === 'ix:nonfraction' && t?.cell && fact === null) {
          fact = {
            attrs,
            table: t,
            row: t.cell.row,
            col: t.cell.col,
            nth: t.cell.facts++,
            before: t.cell.text,
            previousCellText: t.previousCellText,
            shown: '',
            cell: t.cell,
          };
        }
      },
      ontext(text) {
        const t = stack.at(-1);
        if (t?.cell) t.cell.text += text;
        if (fact) fact.shown += text;
      },
      onclosetag(name) {
        const t = stack.at(-1);
        if (name === 'table') stack.pop();
        else if (t && (name === 'td' || name === 'th') && t.cell) {
          t.previousCellText = t.cell.text;
          t.cell = null;
        } else if (name === 'ix:nonfraction' && fact) {
          const f: OpenFact = fact;
          fact = null;
          const scale = Number.parseInt(f.attrs.scale ?? '0', 10) || 0;
          const format = f.attrs.format ?? null;
          const inCellBefore = f.before.replace(/[\s\u00a0$]/g, '');
          const found: TableFact = {
            tableIndex: f.table.index,
            row: f.row,
            col: f.col,
            nth: f.nth,
            name: f.attrs.name ?? '',
            unitRef: f.attrs.unitref ?? null,
            format,
            scaleAttr: scale,
            signAttr: f.attrs.sign === '-',
            shown: f.shown,
            magnitude: factMagnitude(f.shown, format, scale),
            nil: f.attrs['xsi:nil'] === 'true',
            shownNegative:
              endsNegative(f.before) ||
              (inCellBefore === '' &&
                endsNegative(f.previousCellText) &&
                !loneDash(f.previousCellText)),
            offsetInCell: f.before.replace(/\s+/g, ' ').trimStart().length,
            cellText: '',
          };
          facts.push(found);
          cellOf.set(found, f.cell);
        }
      },
    },
    // XHTML: "<td/>" is an empty cell, as an XML reader of inline XBRL sees it.
    { decodeEntities: true, recognizeSelfClosing: true },
  );
  parser.end(html);
  for (const [found, cell] of cellOf) found.cellText = cell.text.replace(/\s+/g, ' ').trim();
  return facts;
}

/** The filing with every inline XBRL tag removed and their text kept. */
export const stripIxTags = (html: string) => html.replace(/<\/?ix:[^>]*>/gi, '');
