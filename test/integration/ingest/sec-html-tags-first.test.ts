import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeHtml } from '../../../main/ingest/ingest-bytes';
import { ingestSecHtml } from '../../../main/ingest/sec-html/ingest-sec-html';
import type { Cell } from '../../../shared/document';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';
import {
  expectedCellUnits,
  ixbrlFilingsIn,
  readTagTruth,
  type TagTruth,
} from './support/ixbrl-tag-truth';

// Issue 23, "Tags first", done when 2: with tags present, every tagged table cell equals its
// tag (value, scale, sign, unit; and it keeps the fact's concept, period, dimensions, unit and
// decimals), on every inline XBRL filing we have. A check of tag transport, not of a reading
// rule, so the measuring set (sec-check/) is included; its figures are reported on their own.

if (!hasData) console.warn(`[skip] ${noDataMessage}`);

/** value × 10^n in decimal, so 2.15 × 1e6 is 2150000 exactly. */
function base(value: number, scale: number): number {
  const n = Math.round(Math.log10(scale));
  if (value === 0) return 0;
  const [mantissa, exponent] = value.toExponential().split('e') as [string, string];
  return Number(`${mantissa}e${Number(exponent) + n}`);
}

interface Tally {
  taggedCells: number;
  equal: number;
  factsInCells: number;
  factsOutsideCells: number;
  problems: string[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function checkCell(where: string, cell: Cell, truth: TagTruth[], problems: string[]): boolean {
  const facts = cell.xbrl ?? [];
  const before = problems.length;
  const meta = (f: (typeof facts)[number]) => ({
    concept: f.concept,
    contextRef: f.contextRef,
    period: f.period,
    dimensions: f.dimensions,
    unitRef: f.unitRef,
    unit: f.unit,
    decimals: f.decimals,
    scale: f.scale,
    negated: f.negated,
    factValue: f.factValue,
  });
  const want = truth.map((t) => ({
    concept: t.concept,
    contextRef: t.contextRef,
    period: t.period,
    dimensions: t.dimensions,
    unitRef: t.unitRef,
    unit: t.unit,
    decimals: t.decimals,
    scale: t.scale,
    negated: t.negated,
    factValue: t.value,
  }));
  facts.forEach((f, i) => {
    if (!same(meta(f), want[i]))
      problems.push(`${where}: fact ${i} ${JSON.stringify(meta(f))} ≠ ${JSON.stringify(want[i])}`);
  });
  if (facts.length !== want.length)
    problems.push(`${where}: ${facts.length} facts, the filing has ${want.length}`);
  const first = truth[0] as TagTruth;
  if (first.value === null) {
    problems.push(`${where}: tag not read (${first.format ?? 'no format'} "${first.shown}")`);
    return false;
  }
  if (cell.scale !== Number(`1e${first.scale}`))
    problems.push(`${where}: scale ${cell.scale}, tag scale ${first.scale}`);
  if (!expectedCellUnits(first).includes(cell.unit))
    problems.push(`${where}: unit ${cell.unit}, tag unit ${first.unit}`);
  const shown =
    cell.kind === 'range' && cell.range !== undefined
      ? [...cell.range, ...(cell.value === null ? [] : [cell.value])]
      : [cell.value];
  shown.forEach((v, i) => {
    const t = truth[i];
    if (t === undefined) return;
    if (v === null || t.value === null || base(v, cell.scale) !== t.value)
      problems.push(`${where}: value ${v} × ${cell.scale}, tag ${t.value} (${t.concept})`);
  });
  if (
    cell.kind !== 'range' &&
    truth.length > 1 &&
    !cell.warnings?.some((w) => /tagged facts/.test(w))
  )
    problems.push(`${where}: ${truth.length} facts and no note of the others`);
  return problems.length === before;
}

function tally(path: string): Tally {
  const html = decodeHtml(readFileSync(path));
  const doc = ingestSecHtml(html, { name: path, bytes: html.length });
  const truth = readTagTruth(html);
  const byCell = new Map<string, TagTruth[]>();
  for (const t of truth) {
    const key = `${t.tableIndex}:${t.row}:${t.col}`;
    byCell.set(key, [...(byCell.get(key) ?? []), t]);
  }
  const t: Tally = {
    taggedCells: 0,
    equal: 0,
    factsInCells: 0,
    factsOutsideCells: 0,
    problems: [],
  };
  for (const table of doc.tables) {
    for (const cell of table.cells) {
      const key = `${table.sourceIndex}:${cell.sourceRow}:${cell.sourceCol}`;
      const facts = byCell.get(key)?.sort((x, y) => x.nth - y.nth);
      byCell.delete(key);
      if (facts === undefined) {
        if (cell.xbrl !== undefined) t.problems.push(`${table.id} ${key}: facts the filing lacks`);
        continue;
      }
      t.taggedCells++;
      t.factsInCells += facts.length;
      const where = `${table.id} r${cell.sourceRow} c${cell.sourceCol} "${cell.text}"`;
      if (cell.xbrl === undefined) t.problems.push(`${where}: its ${facts.length} fact(s) dropped`);
      else if (checkCell(where, cell, facts, t.problems)) t.equal++;
    }
  }
  // Facts in no cell: numbers in row labels, header rows, tables read as text
  for (const facts of byCell.values()) t.factsOutsideCells += facts.length;
  return t;
}

const sets = ['sec', 'sec-more', 'sec-check'] as const;

describe.skipIf(!hasData)('tags first: every tagged table cell equals its tag', () => {
  for (const set of sets) {
    const filings = hasData ? ixbrlFilingsIn(dataPath(set)) : [];
    it(`${set}/ (${filings.length} filings)`, { timeout: 240_000 }, () => {
      expect(filings.length).toBeGreaterThan(0);
      const lines: string[] = [];
      let cells = 0;
      let equal = 0;
      const problems: string[] = [];
      for (const f of filings) {
        const r = tally(f.path);
        cells += r.taggedCells;
        equal += r.equal;
        problems.push(...r.problems.map((p) => `${f.label} ${p}`));
        lines.push(
          `  ${f.label}: ${r.equal}/${r.taggedCells} tagged cells equal their tag; ${r.factsInCells} facts in cells, ${r.factsOutsideCells} elsewhere`,
        );
      }
      console.log(`${set}/: ${equal}/${cells} tagged cells equal their tag\n${lines.join('\n')}`);
      expect(problems.slice(0, 20)).toEqual([]);
      expect(equal).toBe(cells);
      if (set !== 'sec-check') expect(cells).toBeGreaterThan(500);
    });
  }
});
