import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Cell, Document, NumberMention } from '../../../../shared/document';
import { ingestSecHtml } from '../../../../main/ingest/sec-html/ingest-sec-html';
import { locateTableFacts, stripIxTags, type TableFact } from './ixbrl-ground-truth';

export interface Mismatch {
  fact: TableFact;
  reason: string;
}

export interface FidelityReport {
  /** `ix:nonFraction` facts sitting in table cells. */
  facts: number;
  matched: number;
  mismatches: Mismatch[];
  /** Nil facts (nothing displayed) and facts in formats the ground truth does not read; both
   * are left out of `facts`. */
  nil: number;
  unreadable: number;
  /**
   * Facts inside sentences of a table the reader reads as text (a paragraph laid out in a
   * one-cell table, "5.8280 shares of common stock" in a conversion-terms table): the reader
   * gives that text as paragraphs, so they are left out of `facts` and counted here.
   */
  inText: number;
  /** Facts with `sign="-"` that the cell does not show as negative, or the reverse (info). */
  signAttrDiffersFromShown: number;
  /** Matched facts whose XBRL unit maps to a unit we name, and how many of those agree (info). */
  unitChecked: number;
  unitAgreeing: number;
  /** Matched facts whose unit we name differently (the cell's unit beside the fact). */
  unitMisses: { fact: TableFact; expected: string; got: string | null | undefined }[];
  /**
   * Inline XBRL markup the reader still saw after stripping (`<ix:` tags left in the HTML, cells
   * or label numbers with facts attached, a scale or unit read from a tag): must be 0, or the
   * figure is not a visible-text one.
   */
  tagsSeen: number;
}

const same = (a: number, b: number) =>
  Math.abs(Math.abs(a) - Math.abs(b)) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/** The unit we expect for an XBRL unit, or null when the mapping is not ours to judge. */
function expectedUnit(fact: TableFact): string | null {
  const u = (fact.unitRef ?? '').toLowerCase();
  if (u === 'usd') return 'USD';
  if (u === 'usdpershare') return 'USD/share';
  if (u === 'shares') return 'shares';
  if ((u === 'number' || u === 'pure') && fact.scaleAttr === -2) return '%';
  return null;
}

interface Verdict {
  /** null when the fact matched. */
  reason: string | null;
  /** The unit of the cell or label number that holds the fact. */
  unit?: string | null;
}

function judge(
  fact: TableFact,
  magnitude: number,
  doc: Document,
  byIndex: Map<number, Cell[]>,
): Verdict {
  const cells = byIndex.get(fact.tableIndex);
  if (cells === undefined) return { reason: 'table not reported as a data table' };
  const cell = cells.find((c) => c.sourceRow === fact.row && c.sourceCol === fact.col);
  if (cell === undefined) {
    const table = doc.tables.find((t) => t.sourceIndex === fact.tableIndex);
    const row = table?.rows.find((r) => r.sourceRow === fact.row);
    if (row?.kind === 'header') return { reason: 'row read as a header row' };
    // A number written in the row label ("$0.001 par value; 80,000 shares authorized").
    const mention = nearestMention(row?.numbers ?? [], fact);
    if (mention === undefined) return { reason: 'no cell or label number at this row and column' };
    if (!same(mention.value * mention.scale, magnitude)) {
      return { reason: `label number ${mention.text} × ${mention.scale}, fact ${magnitude}` };
    }
    return { reason: null, unit: mention.unit };
  }
  // A range's facts are its ends, then the central value it states ("$21 - $27 Median $23")
  const got =
    cell.range === undefined
      ? cell.value
      : fact.nth >= 2 && cell.value !== null
        ? cell.value
        : cell.range[Math.min(fact.nth, 1)];
  if (got === null || got === undefined) {
    return { reason: `cell has no value (text "${cell.text}", kind ${cell.kind})` };
  }
  if (!same(got * cell.scale, magnitude)) {
    if (same(Math.abs(got) * 10 ** fact.scaleAttr, magnitude)) {
      return { reason: `scale: cell ${cell.text} × ${cell.scale}, fact × 1e${fact.scaleAttr}` };
    }
    return {
      reason: `value: cell ${got} × ${cell.scale} = ${got * cell.scale}, fact ${magnitude}`,
    };
  }
  if (magnitude !== 0 && got < 0 !== fact.shownNegative) {
    const shown = fact.shownNegative ? 'negative' : 'positive';
    return { reason: `sign: cell value ${got}, filing shows ${shown}` };
  }
  return { reason: null, unit: cell.unit };
}

/** A cell holding a phrase (three or more words besides numbers), not a label or a value. */
const inSentence = (text: string) => (text.match(/[A-Za-z]{2,}/g) ?? []).length >= 3;

/** The label number showing the fact's digits nearest to where the fact sits in the cell. */
function nearestMention(numbers: NumberMention[], fact: TableFact): NumberMention | undefined {
  const digits = (s: string) => s.replace(/[^\d.]/g, '') || s.trim().toLowerCase();
  return numbers
    .filter((m) => m.sourceCol === fact.col && digits(m.text) === digits(fact.shown))
    .sort(
      (a, b) => Math.abs(a.offset - fact.offsetInCell) - Math.abs(b.offset - fact.offsetInCell),
    )[0];
}

/**
 * Strips every ix: tag (keeping the text), ingests the plain HTML, and checks each table fact:
 * |value × scale| = |fact value| and the value's sign is the sign the filing shows.
 */
export function measureIxbrlFidelity(html: string, name: string): FidelityReport {
  const all = locateTableFacts(html);
  const stripped = stripIxTags(html);
  const doc = ingestSecHtml(stripped, { name, bytes: html.length });
  const byIndex = new Map(doc.tables.map((t) => [t.sourceIndex, t.cells]));
  const report: FidelityReport = {
    facts: 0,
    matched: 0,
    mismatches: [],
    nil: 0,
    unreadable: 0,
    inText: 0,
    signAttrDiffersFromShown: 0,
    unitChecked: 0,
    unitAgreeing: 0,
    unitMisses: [],
    tagsSeen:
      (stripped.match(/<\/?ix:/gi) ?? []).length +
      doc.tables.reduce(
        (n, t) =>
          n +
          t.cells.filter(
            (c) =>
              c.xbrl !== undefined ||
              /xbrl/i.test(`${c.scaleBasis?.source ?? ''} ${c.unitBasis?.source ?? ''}`),
          ).length +
          t.rows.reduce((k, r) => k + (r.numbers ?? []).filter((m) => m.xbrl).length, 0),
        0,
      ),
  };
  for (const fact of all) {
    if (fact.nil) {
      report.nil++;
      continue;
    }
    if (fact.magnitude === null) {
      report.unreadable++;
      continue;
    }
    if (!byIndex.has(fact.tableIndex) && inSentence(fact.cellText)) {
      report.inText++;
      continue;
    }
    report.facts++;
    if (fact.magnitude !== 0 && fact.signAttr !== fact.shownNegative)
      report.signAttrDiffersFromShown++;
    const verdict = judge(fact, fact.magnitude, doc, byIndex);
    if (verdict.reason !== null) {
      report.mismatches.push({ fact, reason: verdict.reason });
      continue;
    }
    report.matched++;
    const unit = expectedUnit(fact);
    if (unit !== null) {
      report.unitChecked++;
      if (verdict.unit === unit) report.unitAgreeing++;
      else report.unitMisses.push({ fact, expected: unit, got: verdict.unit });
    }
  }
  return report;
}

/**
 * Every inline XBRL filing under `secDir`, in its own folder (`sec/AAPL_10-Q_2025Q1/…`) or
 * directly in it (`sec-more/amzn-10-k-2025-02-07.html`): HTML files that carry inline XBRL
 * markup (EDGAR's R*.htm renderings and plain HTML filings do not), sorted by path.
 */
export function findIxbrlFilings(secDir: string): { label: string; path: string }[] {
  if (!existsSync(secDir)) return [];
  const found: { label: string; path: string }[] = [];
  const consider = (path: string, label: string) => {
    if (!/\.x?html?$/i.test(path)) return;
    const head = readFileSync(path, 'utf8').slice(0, 200_000);
    if (/<ix:header|<ix:nonfraction/i.test(head)) found.push({ label, path });
  };
  for (const entry of readdirSync(secDir, { withFileTypes: true })) {
    if (entry.isFile()) consider(join(secDir, entry.name), entry.name);
    if (!entry.isDirectory()) continue;
    for (const file of readdirSync(join(secDir, entry.name))) {
      consider(join(secDir, entry.name, file), `${entry.name}/${file}`);
    }
  }
  return found.sort((a, b) => a.path.localeCompare(b.path));
}
