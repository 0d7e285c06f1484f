import type { HeaderNode, RowKind } from '../../../shared/model';
import { qualifyRepeatedRows } from './repeated-labels';

/** What the row-tree needs to know about one body row. */
export interface BodyRow {
  sourceRow: number;
  label: string;
  indentPt: number;
  bold: boolean;
  hasValues: boolean;
  /** A line like "(In millions)" inside the body: placed as a note, never a section. */
  scaleLine?: boolean;
  labelFirstCol: number;
  labelLastCol: number;
  /**
   * The header band block the row sits in (rows under a band restated inside the body form a
   * new block): sections close and repeated labels look for their anchor within the block.
   */
  block?: number;
}

export interface PlacedRow {
  sourceRow: number;
  kind: RowKind;
  label: string;
  level: number;
  path: string[];
}

interface OpenSection {
  label: string;
  indent: number;
  /** Indentation of its first child; null until one arrives. */
  childIndent: number | null;
  node: HeaderNode;
  placed: PlacedRow;
}

/** Indents closer than this are the same level (filings mix 0.5pt rounding). */
const sameIndent = 1.5;

const stopWords = new Set(['total', 'and', 'of', 'the', 'net', 'for', 'in', 'other']);
const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 2 && !stopWords.has(w));

export const isTotalLabel = (label: string) => /^total\b|\btotals?$/i.test(label.trim());

/** A value-less row opens a section when it looks like one or the next row is indented under it. */
function headsSection(row: BodyRow, next: BodyRow | undefined): boolean {
  if (next !== undefined && next.indentPt > row.indentPt + sameIndent) return true;
  const text = row.label.trim();
  return text.endsWith(':') || row.bold || (/[A-Z]/.test(text) && text === text.toUpperCase());
}

export const cleanLabel = (label: string) => label.replace(/\s*:\s*$/, '').trim();

/**
 * Builds row paths from indentation, section rows and totals:
 * - a label without values heads the rows below it while they are indented at least as far as
 *   its first child (rows at the section's own indent stay inside when the filing does not
 *   indent children at all);
 * - a "Total ..." row (or an unlabelled row of values under a section) closes the section it
 *   sums, chosen by shared words ("Total current liabilities" closes "Current liabilities:"),
 *   and its path ends with the total's label.
 * Rows with values never become parents: filings indent "Cost of revenue" under "Revenue" to
 * show subtraction, not membership.
 */
export function buildRowTree(rows: BodyRow[]): { placed: PlacedRow[]; roots: HeaderNode[] } {
  const stack: OpenSection[] = [];
  const roots: HeaderNode[] = [];
  const placed: PlacedRow[] = [];
  const attach = (node: HeaderNode) => (stack.at(-1)?.node.children ?? roots).push(node);
  const nodeOf = (row: BodyRow, text: string): HeaderNode => ({
    text,
    sourceRow: row.sourceRow,
    firstCol: row.labelFirstCol,
    lastCol: row.labelLastCol,
    children: [],
  });
  // An unlabelled row (values continuing the line above) adds nothing to the path.
  const pathOf = (label: string) => [
    ...stack.map((s) => s.label),
    ...(label === '' ? [] : [label]),
  ];

  rows.forEach((row, i) => {
    const label = cleanLabel(row.label);
    const before = rows[i - 1]?.block;
    if (before !== undefined && row.block !== before) {
      // a header band restated in the body closes every section open above it
      for (const open of stack) if (open.childIndent === null) open.placed.kind = 'note';
      stack.length = 0;
    }
    if (row.scaleLine === true) {
      placed.push({ sourceRow: row.sourceRow, kind: 'note', label, level: 0, path: [label] });
      return;
    }
    if (row.hasValues && (isTotalLabel(label) || (label === '' && stack.length > 0))) {
      const shared = new Set(words(label));
      let target = stack.length - 1;
      for (let s = stack.length - 1; s >= 0; s--) {
        if (words((stack[s] as OpenSection).label).some((w) => shared.has(w))) {
          target = s;
          break;
        }
      }
      stack.length = Math.max(target + 1, 0);
      const text = label === '' ? 'Total' : label;
      const entry: PlacedRow = {
        sourceRow: row.sourceRow,
        kind: 'total',
        label: text,
        level: stack.length,
        path: pathOf(text),
      };
      placed.push(entry);
      attach(nodeOf(row, text));
      stack.pop();
      return;
    }
    // Leave sections this row is not indented under.
    while (stack.length > 0) {
      const top = stack.at(-1) as OpenSection;
      const limit = top.childIndent ?? top.indent;
      const isSibling =
        !row.hasValues && top.childIndent !== null && row.indentPt <= top.indent + sameIndent;
      if (row.indentPt < limit - sameIndent || isSibling) {
        if (top.childIndent === null) top.placed.kind = 'note';
        stack.pop();
      } else break;
    }
    const top = stack.at(-1);
    if (top && top.childIndent === null) top.childIndent = row.indentPt;
    if (row.hasValues) {
      placed.push({
        sourceRow: row.sourceRow,
        kind: 'data',
        label,
        level: stack.length,
        path: pathOf(label),
      });
      attach(nodeOf(row, label));
      return;
    }
    const node = nodeOf(row, label);
    const entry: PlacedRow = {
      sourceRow: row.sourceRow,
      kind: 'note',
      label,
      level: stack.length,
      path: pathOf(label),
    };
    placed.push(entry);
    attach(node);
    if (headsSection(row, rows[i + 1])) {
      entry.kind = 'section';
      stack.push({ label, indent: row.indentPt, childIndent: null, node, placed: entry });
    }
  });
  for (const open of stack) if (open.childIndent === null) open.placed.kind = 'note';
  qualifyRepeatedRows(placed, (i) => rows[i]?.block);
  return { placed, roots };
}
