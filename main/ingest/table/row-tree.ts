import type { HeaderNode, RowKind } from '../../../shared/document';
import { labelColumnGroups, type LabelGroupMember } from './label-columns';
import { qualifyRepeatedRows } from './repeated-labels';
import { addAmounts, addedUpLater, sumVerdict, type Amounts } from './row-sums';

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
   * The label's texts by grid column when it is written in several label columns ("Humira |
   * United States"); absent or one part: a label of one column.
   */
  labelParts?: { col: number; text: string }[];
  /** The row's amounts by column, for sum checks (`row-sums.ts`); absent: not checked. */
  amounts?: Amounts;
  /**
   * The header band block the row sits in (rows under a band restated inside the body form a
   * new block): sections close and repeated labels look for their anchor within the block.
   */
  block?: number | undefined;
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
  placed: PlacedRow | null;
  /** A parent named in the first label column (`labelColumnGroups`): its group's number. */
  group?: number;
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

/**
 * A subtotal: the total at `i` would close `section`, but a later total adds it up with the
 * rows after it and names the section at least as well ("Total interest-bearing liabilities"
 * then "Total liabilities" under "Liabilities"; "Total cash, cash equivalents, and marketable
 * securities" then "Total current assets" under "Current assets"). "Total current liabilities"
 * added up by "Total liabilities" still closes "Current liabilities": it names it better.
 */
export function isSubtotalOf(
  section: string,
  rows: readonly { hasValues: boolean; amounts?: Amounts }[],
  labels: readonly string[],
  i: number,
): boolean {
  const later = addedUpLater(rows, (j) => isTotalLabel(labels[j] ?? ''), i);
  if (later < 0) return false;
  const sectionWords = new Set(words(section));
  const named = (label: string) => words(label).filter((w) => sectionWords.has(w)).length;
  const by = named(labels[later] ?? '');
  return by > 0 && by >= named(labels[i] ?? '');
}

/** A value-less row opens a section when it looks like one or the next row is indented under it. */
function headsSection(row: BodyRow, indent: number, nextIndent: number | undefined): boolean {
  if (nextIndent !== undefined && nextIndent > indent + sameIndent) return true;
  const text = row.label.trim();
  return text.endsWith(':') || row.bold || (/[A-Z]/.test(text) && text === text.toUpperCase());
}

export const cleanLabel = (label: string) => label.replace(/\s*:\s*$/, '').trim();

/** How many rows above a row are checked for adding up to it when its label says nothing. */
const IMPLICIT_TOTAL_WINDOW = 12;

/** A later label column counts as this much indentation (any indent in points is less). */
const LABEL_COLUMN_INDENT = 1000;

const noAmounts: Amounts = [];

/**
 * What the rows of a row tree add up to, for sum checks: a row's own amounts; a section's,
 * its rows' sum from its last total on (a total stands for the rows above it). Rows that add
 * up the few rows above them count as totals here whatever their label ("Net of income tax").
 */
export class NodeSums {
  private readonly own = new Map<HeaderNode, Amounts>();
  private readonly totals = new Set<HeaderNode>();
  /** Rows found to add up the rows above them (or not), checked when first needed. */
  private readonly implicit = new Map<HeaderNode, boolean>();

  record(node: HeaderNode, amounts: Amounts | undefined, total: boolean): void {
    if (amounts !== undefined && amounts.length > 0) this.own.set(node, amounts);
    if (total) this.totals.add(node);
  }

  /** A total row, or a row adding up the (at most few) rows above it under the same parent. */
  private isTotal(children: readonly HeaderNode[], k: number): boolean {
    const c = children[k] as HeaderNode;
    if (this.totals.has(c)) return true;
    const own = this.own.get(c);
    if (own === undefined || k < 2) return false;
    let known = this.implicit.get(c);
    if (known === undefined) {
      const items = this.runBefore(children, k, IMPLICIT_TOTAL_WINDOW);
      known = items.length >= 2 && sumVerdict(own, items) === 'holds';
      this.implicit.set(c, known);
    }
    return known;
  }

  /** The values of `children` before `end` from the last total on (at most `window`). */
  private runBefore(children: readonly HeaderNode[], end: number, window = Infinity): Amounts[] {
    const out: Amounts[] = [];
    const stop = Math.max(0, end - window);
    for (let i = end - 1; i >= stop; i--) {
      const v = this.valueOf(children[i] as HeaderNode);
      if (v !== undefined) out.push(v);
      if (this.isTotal(children, i)) break;
    }
    return out.reverse();
  }

  private run(children: readonly HeaderNode[]): Amounts[] {
    return this.runBefore(children, children.length);
  }

  valueOf(node: HeaderNode): Amounts | undefined {
    const own = this.own.get(node);
    if (own !== undefined) return own;
    const sum = addAmounts(this.run(node.children));
    return sum.length === 0 ? undefined : sum;
  }

  /**
   * Which of `levels` (the rows under the table's top level, then under each open section,
   * outermost first) add up to `total`, the innermost first: the group a total row closes when
   * the values say so; -1 when no sum holds.
   */
  closedBy(total: Amounts | undefined, levels: readonly (readonly HeaderNode[])[]): number {
    if (total === undefined || total.length === 0) return -1;
    for (let k = levels.length - 1; k >= 0; k--) {
      const items = this.run(levels[k] as readonly HeaderNode[]);
      if (items.length > 0 && sumVerdict(total, items) === 'holds') return k;
    }
    return -1;
  }
}

/** Group membership by label columns (`labelColumnGroups`) of rows that give their parts. */
function groupsOf(rows: readonly BodyRow[]): (LabelGroupMember | null)[] {
  if (!rows.some((r) => (r.labelParts?.length ?? 0) > 1)) return rows.map(() => null);
  return labelColumnGroups(
    rows.map((r) => ({
      parts: r.labelParts ?? [],
      hasValues: r.hasValues,
      amounts: r.amounts ?? noAmounts,
    })),
  );
}

/**
 * Indentation with label columns counted in: a row whose label starts in a later label column
 * sits under the rows labelled in the first one, as an indented row would (Alphabet's
 * "Unrealized gains (losses) on available-for-sale investments" heading the rows labelled only
 * in its "Location" column).
 */
function indentsOf(rows: readonly BodyRow[]): number[] {
  if (!rows.some((r) => (r.labelParts?.length ?? 0) > 1)) return rows.map((r) => r.indentPt);
  const starts = rows.map((r) => r.labelParts?.[0]?.col);
  const cols = [...new Set(starts.filter((c): c is number => c !== undefined))].sort(
    (a, b) => a - b,
  );
  return rows.map((r, i) => {
    const start = starts[i];
    const rank = start !== undefined ? cols.indexOf(start) : 0;
    return r.indentPt + LABEL_COLUMN_INDENT * rank;
  });
}

/**
 * The state of one row-tree build: the sections open above the current row (outermost first),
 * the tree so far and the rows placed. `place` takes the rows in order; each kind of row has
 * its own method (a row of a label-column group, a total, a row of values, a label).
 */
class RowTreeBuilder {
  readonly stack: OpenSection[] = [];
  readonly roots: HeaderNode[] = [];
  readonly placed: PlacedRow[] = [];
  private readonly sums = new NodeSums();
  private readonly groups: (LabelGroupMember | null)[];
  private readonly indents: number[];
  private readonly labelColumnHeadings = new Set<number>();
  private readonly labels: string[];

  constructor(private readonly rows: BodyRow[]) {
    this.groups = groupsOf(rows);
    this.indents = indentsOf(rows);
    this.labels = rows.map((r) => cleanLabel(r.label));
  }

  private attach(node: HeaderNode): void {
    (this.stack.at(-1)?.node.children ?? this.roots).push(node);
  }

  private nodeOf(row: BodyRow, text: string, total = false): HeaderNode {
    const node: HeaderNode = {
      text,
      sourceRow: row.sourceRow,
      firstCol: row.labelFirstCol,
      lastCol: row.labelLastCol,
      children: [],
    };
    if (row.hasValues) this.sums.record(node, row.amounts, total);
    return node;
  }

  // An unlabelled row (values continuing the line above) adds nothing to the path.
  private pathOf(label: string): string[] {
    return [...this.stack.map((s) => s.label), ...(label === '' ? [] : [label])];
  }

  /** A section that never got a child was a note, not a heading. */
  demote(open: OpenSection): void {
    if (open.childIndent === null && open.placed) open.placed.kind = 'note';
  }

  /** Places row `i`, opening and closing sections around it. */
  place(row: BodyRow, i: number): void {
    const { stack } = this;
    const label = this.labels[i] as string;
    const indent = this.indents[i] as number;
    const group = this.groups[i] ?? null;
    const before = this.rows[i - 1]?.block;
    if (before !== undefined && row.block !== before) {
      // a header band restated in the body closes every section open above it
      for (const open of stack) this.demote(open);
      stack.length = 0;
    }
    // a product's rows end where its group does
    while (stack.length > 0 && (stack.at(-1) as OpenSection).group !== undefined) {
      if ((stack.at(-1) as OpenSection).group === group?.group) break;
      stack.pop();
    }
    if (row.scaleLine === true) {
      this.placed.push({ sourceRow: row.sourceRow, kind: 'note', label, level: 0, path: [label] });
      return;
    }
    if (group !== null) return this.placeGroupRow(row, label, indent, group);
    if (row.hasValues && (isTotalLabel(label) || (label === '' && stack.length > 0)))
      return this.placeTotal(row, label, i);
    this.leave(indent, row.hasValues);
    const top = stack.at(-1);
    if (top && top.childIndent === null) top.childIndent = indent;
    if (row.hasValues) {
      this.placed.push({
        sourceRow: row.sourceRow,
        kind: 'data',
        label,
        level: stack.length,
        path: this.pathOf(label),
      });
      this.attach(this.nodeOf(row, label));
      return;
    }
    this.placeLabel(row, label, indent, i);
  }

  /** A row of a label-column group; the group's first row opens its parent (the product). */
  private placeGroupRow(
    row: BodyRow,
    label: string,
    indent: number,
    group: LabelGroupMember,
  ): void {
    const { stack } = this;
    if (group.first) {
      this.leave(indent, row.hasValues);
      const top = stack.at(-1);
      if (top && top.childIndent === null) top.childIndent = indent;
      const node: HeaderNode = {
        text: cleanLabel(group.parent),
        sourceRow: row.sourceRow,
        firstCol: group.parentCol,
        lastCol: group.parentCol,
        children: [],
      };
      this.attach(node);
      stack.push({
        label: node.text,
        indent,
        childIndent: indent,
        node,
        placed: null,
        group: group.group,
      });
    }
    const own = cleanLabel(group.child);
    const total = isTotalLabel(own);
    this.placed.push({
      sourceRow: row.sourceRow,
      kind: total ? 'total' : 'data',
      // the first row prints the product too ("Humira United States"); the path splits it
      label,
      level: stack.length,
      path: this.pathOf(own),
    });
    this.attach(this.nodeOf(row, label, total));
  }

  /** A total (or an unlabelled row of values under a section): closes the section it sums. */
  private placeTotal(row: BodyRow, label: string, i: number): void {
    const { stack } = this;
    const shared = new Set(words(label));
    const named = stack.findLastIndex((s) => words(s.label).some((w) => shared.has(w)));
    // the section whose rows it adds up (-1: the table's top level; null: no sum holds)
    const level =
      row.amounts === undefined || row.amounts.length === 0
        ? -1
        : this.sums.closedBy(row.amounts, [this.roots, ...stack.map((s) => s.node.children)]);
    const summed = level < 0 ? null : level - 1;
    // the section it sums holds it; it closes that section unless its words name one
    // inside it ("Total investments and financial services assets" adds up the whole
    // "2006" block but closes "Financial services assets")
    const [within, closes] =
      summed === null
        ? [named >= 0 ? named : stack.length - 1, true]
        : named >= 0 && named <= summed
          ? [named, true]
          : [summed, named < 0];
    const subtotal =
      closes &&
      within >= 0 &&
      isSubtotalOf((stack[within] as OpenSection).label, this.rows, this.labels, i);
    stack.length = Math.max(within + 1, 0);
    const text = label === '' ? 'Total' : label;
    const entry: PlacedRow = {
      sourceRow: row.sourceRow,
      kind: 'total',
      label: text,
      level: stack.length,
      path: this.pathOf(text),
    };
    this.placed.push(entry);
    this.attach(this.nodeOf(row, text, true));
    if (closes && !subtotal) stack.pop();
  }

  /** A label without values: a note, or a section heading the rows below it. */
  private placeLabel(row: BodyRow, label: string, indent: number, i: number): void {
    const node = this.nodeOf(row, label);
    const entry: PlacedRow = {
      sourceRow: row.sourceRow,
      kind: 'note',
      label,
      level: this.stack.length,
      path: this.pathOf(label),
    };
    this.placed.push(entry);
    this.attach(node);
    const next = this.rows[i + 1];
    const nextIndent = this.indents[i + 1];
    const nested = nextIndent !== undefined && nextIndent > indent + sameIndent;
    // in a table with label columns, a heading like one that heads rows labelled in the next
    // column heads the rows below it too (Alphabet's "… on cash flow hedges" after "… on
    // available-for-sale investments")
    const likeHeading = this.labelColumnHeadings.has(indent) && next?.hasValues === true;
    if (headsSection(row, indent, nextIndent) || likeHeading) {
      if (nested && indent < LABEL_COLUMN_INDENT && (nextIndent ?? 0) >= LABEL_COLUMN_INDENT)
        this.labelColumnHeadings.add(indent);
      entry.kind = 'section';
      this.stack.push({ label, indent, childIndent: null, node, placed: entry });
    }
  }

  /** Leaves the sections a row at `indent` is not indented under. */
  private leave(indent: number, hasValues: boolean): void {
    const { stack } = this;
    while (stack.length > 0) {
      const top = stack.at(-1) as OpenSection;
      const limit = top.childIndent ?? top.indent;
      const isSibling = !hasValues && top.childIndent !== null && indent <= top.indent + sameIndent;
      if (indent < limit - sameIndent || isSibling) {
        this.demote(top);
        stack.pop();
      } else break;
    }
  }
}

/**
 * Builds row paths from indentation, label columns, section rows and totals:
 * - a label without values heads the rows below it while they are indented at least as far as
 *   its first child (rows at the section's own indent stay inside when the filing does not
 *   indent children at all); a label starting in a later label column counts as indented;
 * - rows labelled in two columns, the first written once over several rows (product and
 *   region), sit under the first column's text: `["Immunology", "Humira", "International"]`,
 *   and a "Total" among them is that product's (`labelColumnGroups`);
 * - a "Total ..." row (or an unlabelled row of values under a section) closes the section it
 *   sums: the one whose rows add up to it where the values allow the check, otherwise the one
 *   sharing words with it ("Total current liabilities" closes "Current liabilities:"), and
 *   its path ends with the total's label.
 * Rows with values never become parents: filings indent "Cost of revenue" under "Revenue" to
 * show subtraction, not membership.
 */
export function buildRowTree(rows: BodyRow[]): { placed: PlacedRow[]; roots: HeaderNode[] } {
  const tree = new RowTreeBuilder(rows);
  rows.forEach((row, i) => tree.place(row, i));
  for (const open of tree.stack) tree.demote(open);
  qualifyRepeatedRows(tree.placed, (i) => rows[i]?.block);
  return { placed: tree.placed, roots: tree.roots };
}
