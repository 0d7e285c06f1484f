import type { HeaderNode, TableRow } from '../../../../shared/model';
import { isPureScaleNote } from '../../table/header-text';
import { cleanLabel, isTotalLabel } from '../../table/row-tree';
import { qualifyRepeatedRows } from '../../table/repeated-labels';

/** What the row tree needs to know about one body row of a style-less table. */
export interface BodyLine {
  sourceRow: number;
  /** Label-column text ("" when the row has none). */
  label: string;
  hasValues: boolean;
  /** No text at all: a spacer row. */
  empty: boolean;
  labelFirstCol: number;
  labelLastCol: number;
}

interface OpenSection {
  label: string;
  node: HeaderNode;
  row: TableRow;
  /** Rows with values placed directly under this section. */
  valueRows: number;
}

const stopWords = new Set(['total', 'and', 'of', 'the', 'net', 'for', 'in', 'other']);
const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 2 && !stopWords.has(w));

/**
 * Row paths without indentation (datasets keep no styling), from the order of rows alone:
 * - a label without values heads the rows below it; when the section it would join already
 *   holds rows with values, it is a sibling and replaces that section ("2007" rows, then
 *   "2006" rows); when it follows a section that holds none yet, it nests ("Assets:" then
 *   "Current assets:");
 * - a "Total ..." row stays inside and then closes the section it sums: the deepest open
 *   section sharing a word with it, or the innermost one for a bare "Total" or an unlabelled
 *   row of values; a total naming no open section ("Total revenues" under "2007") closes none,
 *   and neither does a total that comes first under its heading (a headline figure);
 * - a spacer row closes every section;
 * - a label repeated under one parent is qualified with the line it follows
 *   (`qualifyRepeatedRows`).
 */
export function placeRows(lines: BodyLine[]): { placed: TableRow[]; roots: HeaderNode[] } {
  const stack: OpenSection[] = [];
  const roots: HeaderNode[] = [];
  const placed: TableRow[] = [];
  const attach = (node: HeaderNode) => (stack.at(-1)?.node.children ?? roots).push(node);
  const nodeOf = (line: BodyLine, text: string): HeaderNode => ({
    text,
    sourceRow: line.sourceRow,
    firstCol: line.labelFirstCol,
    lastCol: line.labelLastCol,
    children: [],
  });
  const close = (depth: number) => {
    while (stack.length > Math.max(0, depth)) {
      const s = stack.pop() as OpenSection;
      if (s.node.children.length === 0) s.row.kind = 'note';
    }
  };

  lines.forEach((line, i) => {
    if (line.empty) return close(0);
    const label = cleanLabel(line.label);
    const heads = stack.map((s) => s.label);
    if (line.hasValues) {
      // An unlabelled row of values under a section or after labelled rows is their sum; it
      // is called "Total", as the SEC parser calls it.
      const unlabelledSum =
        label === '' && (stack.length > 0 || placed.some((p) => p.kind === 'data'));
      const text = unlabelledSum ? 'Total' : label;
      const total = isTotalLabel(text);
      const row: TableRow = {
        sourceRow: line.sourceRow,
        kind: total ? 'total' : 'data',
        label: text,
        level: stack.length,
        path: text === '' ? heads : [...heads, text],
      };
      placed.push(row);
      attach(nodeOf(line, text));
      const top = stack.at(-1);
      // A total right under its section heading is a headline ("Card Member loans:" then
      // "Total loans"), not the sum that closes it.
      if (total && top !== undefined && top.valueRows > 0) {
        const shared = new Set(words(text));
        const match = stack.findLastIndex((s) => words(s.label).some((w) => shared.has(w)));
        const bare = /^totals?$/i.test(text);
        if (match >= 0) close(match);
        else if (bare) close(stack.length - 1);
      } else if (top) top.valueRows++;
      return;
    }
    const row: TableRow = {
      sourceRow: line.sourceRow,
      kind: 'note',
      label,
      level: stack.length,
      path: [...heads, label],
    };
    const rest = lines.slice(i + 1).find((l) => !l.empty);
    if (label === '' || isPureScaleNote(label) || rest === undefined) {
      placed.push(row);
      attach(nodeOf(line, label));
      return;
    }
    while (stack.length > 0 && (stack.at(-1) as OpenSection).valueRows > 0) close(stack.length - 1);
    row.kind = 'section';
    row.level = stack.length;
    row.path = [...stack.map((s) => s.label), label];
    placed.push(row);
    const node = nodeOf(line, label);
    attach(node);
    stack.push({ label, node, row, valueRows: 0 });
  });
  close(0);
  qualifyRepeatedRows(placed);
  return { placed, roots };
}
