import type { HeaderNode, TableRow } from '../../../../shared/document';
import { isPureScaleNote } from '../../table/header-text';
import { cleanLabel, isSubtotalOf, isTotalLabel, NodeSums } from '../../table/row-tree';
import { labelColumnGroups } from '../../table/label-columns';
import { qualifyRepeatedRows } from '../../table/repeated-labels';
import type { Amounts } from '../../table/row-sums';

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
  /** The label's texts by grid column ("United Kingdom | 2011"). */
  parts?: { col: number; text: string }[];
  /** The row's amounts by column, for sum checks. */
  amounts?: Amounts;
}

interface OpenSection {
  label: string;
  node: HeaderNode;
  row: TableRow | null;
  /** Rows with values placed directly under this section. */
  valueRows: number;
  /** A parent named in the first label column (`labelColumnGroups`): its group's number. */
  group?: number;
}

const noAmounts: Amounts = [];

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
 * - rows labelled in two columns, the first written once over several rows ("United Kingdom
 *   | 2011", "| 2010"), sit under the first column's text (`labelColumnGroups`);
 * - a "Total ..." row stays inside and then closes the section it sums: the one whose rows add
 *   up to it where the values allow the check, else the deepest open section sharing a word
 *   with it, or the innermost one for a bare "Total" or an unlabelled row of values; a total
 *   naming no open section ("Total revenues" under "2007") closes none, and neither does a
 *   total that comes first under its heading (a headline figure);
 * - a spacer row closes every section;
 * - a label repeated under one parent is qualified with the line it follows
 *   (`qualifyRepeatedRows`).
 */
export function placeRows(lines: BodyLine[]): { placed: TableRow[]; roots: HeaderNode[] } {
  const stack: OpenSection[] = [];
  const roots: HeaderNode[] = [];
  const placed: TableRow[] = [];
  const sums = new NodeSums();
  const groups = lines.some((l) => (l.parts?.length ?? 0) > 1)
    ? labelColumnGroups(
        lines.map((l) => ({
          parts: l.parts ?? [],
          hasValues: l.hasValues,
          amounts: l.amounts ?? noAmounts,
        })),
      )
    : lines.map(() => null);
  const labels = lines.map((l) => cleanLabel(l.label));
  const attach = (node: HeaderNode) => (stack.at(-1)?.node.children ?? roots).push(node);
  const nodeOf = (line: BodyLine, text: string, total = false): HeaderNode => {
    const node: HeaderNode = {
      text,
      sourceRow: line.sourceRow,
      firstCol: line.labelFirstCol,
      lastCol: line.labelLastCol,
      children: [],
    };
    if (line.hasValues) sums.record(node, line.amounts, total);
    return node;
  };
  const close = (depth: number) => {
    while (stack.length > Math.max(0, depth)) {
      const s = stack.pop() as OpenSection;
      if (s.node.children.length === 0 && s.row) s.row.kind = 'note';
    }
  };

  lines.forEach((line, i) => {
    const group = groups[i] ?? null;
    // a product's rows end where its group does
    while (stack.length > 0 && (stack.at(-1) as OpenSection).group !== undefined) {
      if ((stack.at(-1) as OpenSection).group === group?.group) break;
      stack.pop();
    }
    if (line.empty) return close(0);
    const label = labels[i] as string;
    if (group !== null) {
      if (group.first) {
        const top = stack.at(-1);
        if (top) top.valueRows++;
        const node: HeaderNode = {
          text: cleanLabel(group.parent),
          sourceRow: line.sourceRow,
          firstCol: group.parentCol,
          lastCol: group.parentCol,
          children: [],
        };
        attach(node);
        stack.push({ label: node.text, node, row: null, valueRows: 0, group: group.group });
      }
      const own = cleanLabel(group.child);
      const total = isTotalLabel(own);
      placed.push({
        sourceRow: line.sourceRow,
        kind: total ? 'total' : 'data',
        // the first row prints the parent too ("United Kingdom 2011"); the path splits it
        label,
        level: stack.length,
        path: [...stack.map((s) => s.label), own],
      });
      attach(nodeOf(line, label, total));
      (stack.at(-1) as OpenSection).valueRows++;
      return;
    }
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
      // the open section whose rows it adds up (null: no sum holds). Not the table's top
      // level: a grand total after the last section stays in it here (the MultiHiertt
      // hierarchy measure's floor holds descriptions that name that section; see BENCHMARKS)
      const level = total
        ? sums.closedBy(
            line.amounts,
            stack.map((s) => s.node.children),
          )
        : -1;
      const summed = level < 0 ? null : level;
      if (summed !== null) {
        // it adds up the rows of that section: it goes there and closes what is inside it,
        // and the section too when its words name it (or it is a bare "Total")
        const shared = new Set(words(text));
        const named = stack.findLastIndex((s) => words(s.label).some((w) => shared.has(w)));
        const bare = /^totals?$/i.test(text) || label === '';
        close(named >= 0 && named <= summed ? named + 1 : summed + 1);
        row.level = stack.length;
        row.path = [...stack.map((s) => s.label), text];
        placed.push(row);
        attach(nodeOf(line, text, total));
        const closes = (named >= 0 && named <= summed) || (named < 0 && bare);
        const top = stack.at(-1);
        if (closes && top && !isSubtotalOf(top.label, lines, labels, i)) close(stack.length - 1);
        return;
      }
      placed.push(row);
      attach(nodeOf(line, text, total));
      const top = stack.at(-1);
      // A total right under its section heading is a headline ("Card Member loans:" then
      // "Total loans"), not the sum that closes it.
      if (total && top !== undefined && top.valueRows > 0) {
        const shared = new Set(words(text));
        const match = stack.findLastIndex((s) => words(s.label).some((w) => shared.has(w)));
        const bare = /^totals?$/i.test(text);
        const closing = match >= 0 ? match : bare ? stack.length - 1 : -1;
        const section = stack[closing];
        if (section && isSubtotalOf(section.label, lines, labels, i)) {
          // a subtotal added up again further down: it closes nothing
        } else if (match >= 0) close(match);
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
