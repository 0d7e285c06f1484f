import type { HeaderNode, TableRow } from '../../../../shared/document';
import { isPureScaleNote } from '../../table/header-text';
import { cleanLabel, isSubtotalOf, isTotalLabel, NodeSums } from '../../table/row-tree';
import { labelColumnGroups, type LabelGroupMember } from '../../table/label-columns';
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
 * The state of one `placeRows` run: the sections open above the current row (outermost
 * first), the tree so far and the rows placed. `place` takes the lines in order; each kind of
 * row has its own method (a row of a label-column group, a row of values, a label).
 */
class RowPlacer {
  readonly stack: OpenSection[] = [];
  readonly roots: HeaderNode[] = [];
  readonly placed: TableRow[] = [];
  private readonly sums = new NodeSums();
  private readonly groups: (LabelGroupMember | null)[];
  private readonly labels: string[];

  constructor(private readonly lines: BodyLine[]) {
    this.groups = lines.some((l) => (l.parts?.length ?? 0) > 1)
      ? labelColumnGroups(
          lines.map((l) => ({
            parts: l.parts ?? [],
            hasValues: l.hasValues,
            amounts: l.amounts ?? noAmounts,
          })),
        )
      : lines.map(() => null);
    this.labels = lines.map((l) => cleanLabel(l.label));
  }

  private attach(node: HeaderNode): void {
    (this.stack.at(-1)?.node.children ?? this.roots).push(node);
  }

  private nodeOf(line: BodyLine, text: string, total = false): HeaderNode {
    const node: HeaderNode = {
      text,
      sourceRow: line.sourceRow,
      firstCol: line.labelFirstCol,
      lastCol: line.labelLastCol,
      children: [],
    };
    if (line.hasValues) this.sums.record(node, line.amounts, total);
    return node;
  }

  /** Closes the sections deeper than `depth`; one that got no rows was a note. */
  close(depth: number): void {
    const { stack } = this;
    while (stack.length > Math.max(0, depth)) {
      const s = stack.pop() as OpenSection;
      if (s.node.children.length === 0 && s.row) s.row.kind = 'note';
    }
  }

  /** Places line `i`, opening and closing sections around it. */
  place(line: BodyLine, i: number): void {
    const { stack } = this;
    const group = this.groups[i] ?? null;
    // a product's rows end where its group does
    while (stack.length > 0 && (stack.at(-1) as OpenSection).group !== undefined) {
      if ((stack.at(-1) as OpenSection).group === group?.group) break;
      stack.pop();
    }
    if (line.empty) return this.close(0);
    const label = this.labels[i] as string;
    if (group !== null) return this.placeGroupRow(line, label, group);
    if (line.hasValues) return this.placeValueRow(line, label, i);
    this.placeLabel(line, label, i);
  }

  /** A row of a label-column group; the group's first row opens its parent. */
  private placeGroupRow(line: BodyLine, label: string, group: LabelGroupMember): void {
    const { stack } = this;
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
      this.attach(node);
      stack.push({ label: node.text, node, row: null, valueRows: 0, group: group.group });
    }
    const own = cleanLabel(group.child);
    const total = isTotalLabel(own);
    this.placed.push({
      sourceRow: line.sourceRow,
      kind: total ? 'total' : 'data',
      // the first row prints the parent too ("United Kingdom 2011"); the path splits it
      label,
      level: stack.length,
      path: [...stack.map((s) => s.label), own],
    });
    this.attach(this.nodeOf(line, label, total));
    (stack.at(-1) as OpenSection).valueRows++;
  }

  /** A row of values: data, or a total placed in (and maybe closing) the section it sums. */
  private placeValueRow(line: BodyLine, label: string, i: number): void {
    const { stack } = this;
    // An unlabelled row of values under a section or after labelled rows is their sum; it
    // is called "Total", as the SEC parser calls it.
    const unlabelledSum =
      label === '' && (stack.length > 0 || this.placed.some((p) => p.kind === 'data'));
    const text = unlabelledSum ? 'Total' : label;
    const total = isTotalLabel(text);
    const heads = stack.map((s) => s.label);
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
      ? this.sums.closedBy(
          line.amounts,
          stack.map((s) => s.node.children),
        )
      : -1;
    const summed = level < 0 ? null : level;
    if (summed !== null) return this.placeSummingTotal(line, label, text, row, summed, i);
    this.placed.push(row);
    this.attach(this.nodeOf(line, text, total));
    const top = stack.at(-1);
    // A total right under its section heading is a headline ("Card Member loans:" then
    // "Total loans"), not the sum that closes it.
    if (total && top !== undefined && top.valueRows > 0) {
      const shared = new Set(words(text));
      const match = stack.findLastIndex((s) => words(s.label).some((w) => shared.has(w)));
      const bare = /^totals?$/i.test(text);
      const closing = match >= 0 ? match : bare ? stack.length - 1 : -1;
      const section = stack[closing];
      if (section && isSubtotalOf(section.label, this.lines, this.labels, i)) {
        // a subtotal added up again further down: it closes nothing
      } else if (match >= 0) this.close(match);
      else if (bare) this.close(stack.length - 1);
    } else if (top) top.valueRows++;
  }

  /**
   * A total whose values add up the rows of open section `summed`: it goes there and closes
   * what is inside it, and the section too when its words name it (or it is a bare "Total").
   */
  private placeSummingTotal(
    line: BodyLine,
    label: string,
    text: string,
    row: TableRow,
    summed: number,
    i: number,
  ): void {
    const { stack } = this;
    const shared = new Set(words(text));
    const named = stack.findLastIndex((s) => words(s.label).some((w) => shared.has(w)));
    const bare = /^totals?$/i.test(text) || label === '';
    this.close(named >= 0 && named <= summed ? named + 1 : summed + 1);
    row.level = stack.length;
    row.path = [...stack.map((s) => s.label), text];
    this.placed.push(row);
    this.attach(this.nodeOf(line, text, row.kind === 'total'));
    const closes = (named >= 0 && named <= summed) || (named < 0 && bare);
    const top = stack.at(-1);
    if (closes && top && !isSubtotalOf(top.label, this.lines, this.labels, i))
      this.close(stack.length - 1);
  }

  /** A label without values: a note, or a section heading the rows below it. */
  private placeLabel(line: BodyLine, label: string, i: number): void {
    const { stack } = this;
    const row: TableRow = {
      sourceRow: line.sourceRow,
      kind: 'note',
      label,
      level: stack.length,
      path: [...stack.map((s) => s.label), label],
    };
    const rest = this.lines.slice(i + 1).find((l) => !l.empty);
    if (label === '' || isPureScaleNote(label) || rest === undefined) {
      this.placed.push(row);
      this.attach(this.nodeOf(line, label));
      return;
    }
    while (stack.length > 0 && (stack.at(-1) as OpenSection).valueRows > 0)
      this.close(stack.length - 1);
    row.kind = 'section';
    row.level = stack.length;
    row.path = [...stack.map((s) => s.label), label];
    this.placed.push(row);
    const node = this.nodeOf(line, label);
    this.attach(node);
    stack.push({ label, node, row, valueRows: 0 });
  }
}

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
  const placer = new RowPlacer(lines);
  lines.forEach((line, i) => placer.place(line, i));
  placer.close(0);
  qualifyRepeatedRows(placer.placed);
  return { placed: placer.placed, roots: placer.roots };
}
