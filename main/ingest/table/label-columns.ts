import { sumVerdict, type Amounts } from './row-sums';

/**
 * Rows labelled in two columns, product and region (AbbVie's net revenues: "Humira | United
 * States", then "| International" and "| Total" with the first column left blank, then
 * "Skyrizi | United States" …). The first label column names the parent, written once and
 * blank-continued (or repeated) over its rows; the second names each row under it. So
 * "International" and "Total" belong to Humira, and that "Total" is Humira's total, not the
 * section's.
 *
 * Not every second label column is a level: Alphabet's reclassification table puts the income
 * statement line in its second column ("Interest rate contracts | Other income (expense), net",
 * "| Benefit (provision) for income taxes", "| Net of income tax"), and the last of those sums
 * the rows above it back past "Interest rate contracts" (the whole section's tax and net). A
 * group is dropped when the sums say otherwise:
 * - a row of the group equals the sum of a run of rows that starts above the group's first
 *   row (it totals more than the group, so it and the rows it sums are not the group's), or
 * - the group's "Total" row does not equal the sum of the group's rows above it.
 */

export interface LabelLine {
  /** Label texts left of the value columns by grid column, left to right, none empty. */
  parts: readonly { col: number; text: string }[];
  hasValues: boolean;
  amounts: Amounts;
}

export interface LabelGroupMember {
  /** The group's number, the same for all its rows. */
  group: number;
  /** The first label column's text: the parent. */
  parent: string;
  parentCol: number;
  /** The row's own label: the texts right of the first label column. */
  child: string;
  first: boolean;
}

/** How far above a group a run of rows summed by one of its rows may start. */
const RUN_LIMIT = 40;

const isTotalText = (label: string) => /^total\b|\btotals?$/i.test(label.trim());

/** Group membership of each line (null: not in a group). */
export function labelColumnGroups(lines: readonly LabelLine[]): (LabelGroupMember | null)[] {
  const out: (LabelGroupMember | null)[] = lines.map(() => null);
  let firstCol = Infinity;
  for (const l of lines) for (const p of l.parts) firstCol = Math.min(firstCol, p.col);
  if (!lines.some((l) => l.parts.some((p) => p.col > firstCol))) return out;
  const childOf = (l: LabelLine) =>
    l.parts
      .filter((p) => p.col > firstCol)
      .map((p) => p.text)
      .join(' ');
  let groups = 0;
  for (let i = 0; i < lines.length;) {
    const opener = lines[i] as LabelLine;
    const head = opener.parts[0];
    if (!opener.hasValues || head?.col !== firstCol || opener.parts.length < 2) {
      i++;
      continue;
    }
    const members = [i];
    for (let j = i + 1; j < lines.length; j++) {
      const l = lines[j] as LabelLine;
      const lead = l.parts[0];
      const continued =
        l.hasValues &&
        lead !== undefined &&
        (lead.col > firstCol || (lead.text === head.text && l.parts.length > 1));
      if (!continued) break;
      members.push(j);
    }
    if (members.length > 1 && !refuted(lines, members, childOf)) {
      const group = groups++;
      for (const m of members) {
        out[m] = {
          group,
          parent: head.text,
          parentCol: firstCol,
          child: childOf(lines[m] as LabelLine),
          first: m === i,
        };
      }
    }
    i = (members.at(-1) as number) + 1;
  }
  if (groups === 0) return out;
  // Once the table shows its rows grouped so, a product written on one row alone ("Japan |
  // 2011" after "United Kingdom | 2011", "| 2010") is read the same way.
  lines.forEach((l, i) => {
    const head = l.parts[0];
    if (out[i] !== null || !l.hasValues || head?.col !== firstCol || l.parts.length < 2) return;
    out[i] = {
      group: groups++,
      parent: head.text,
      parentCol: firstCol,
      child: childOf(l),
      first: true,
    };
  });
  return out;
}

function refuted(
  lines: readonly LabelLine[],
  members: number[],
  childOf: (l: LabelLine) => string,
): boolean {
  const start = members[0] as number;
  for (const [k, m] of members.entries()) {
    if (k === 0) continue;
    const row = lines[m] as LabelLine;
    const own = members.slice(0, k).map((x) => (lines[x] as LabelLine).amounts);
    const ownSum = sumVerdict(row.amounts, own);
    if (isTotalText(childOf(row)) && ownSum === 'fails') return true;
    if (ownSum === 'holds') continue;
    // a sum over rows reaching above the group: this row totals more than the group
    const run = [...own];
    for (let a = start - 1; a >= Math.max(0, start - RUN_LIMIT); a--) {
      const above = lines[a] as LabelLine;
      if (!above.hasValues) break;
      run.unshift(above.amounts);
      if (sumVerdict(row.amounts, run) === 'holds') return true;
    }
  }
  return false;
}
