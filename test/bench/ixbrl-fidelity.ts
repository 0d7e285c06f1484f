/**
 * iXBRL fidelity of the visible-text reader: for each inline XBRL filing in the data folder,
 * strip every ix: tag (keeping the text), ingest the plain HTML, and compare each
 * `ix:nonFraction` that sat in a table cell with the parsed cell: |value × scale| = |fact value|
 * (displayed number × 10^scale) and the sign of `value` is the sign the filing shows. Target
 * ≥ 99.5% per filing. The run fails if the reader saw any inline XBRL markup (an `<ix:` tag left
 * in the stripped HTML, a fact attached to a cell): the figure is of visible text only.
 *
 * Reads the filings the reader was tuned on (`sec/`, `sec-more/`) and the ones kept for checking
 * only (`sec-check/`). For `sec-check/` only per-filing figures are printed, never its misses:
 * rules are not chosen by looking at them. Its figure is reported on its own line.
 *
 *   node --import tsx test/bench/ixbrl-fidelity.ts [--show N] [--units N] [--only sec|sec-more|sec-check]
 *
 * `--show N` prints up to N misses per tuned filing (10); `--units N` up to N facts per tuned
 * filing whose unit we name differently from the tag's (0; the unit column is informational).
 */
import { readFileSync } from 'node:fs';
import { dataPath, hasData, noDataMessage } from '../support/data-dir';
import {
  findIxbrlFilings,
  measureIxbrlFidelity,
  type FidelityReport,
} from '../integration/ingest/support/ixbrl-fidelity';

const target = 99.5;
const tuned = ['sec', 'sec-more'];
const check = 'sec-check';

const pct = (n: number, of: number) => (of === 0 ? 100 : (100 * n) / of);

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1] ?? fallback) : fallback;
}

interface Totals {
  facts: number;
  matched: number;
  unitChecked: number;
  unitAgreeing: number;
  filings: number;
  below: number;
  lowest: number;
}

const totals = (): Totals => ({
  facts: 0,
  matched: 0,
  unitChecked: 0,
  unitAgreeing: 0,
  filings: 0,
  below: 0,
  lowest: 100,
});

function add(t: Totals, r: FidelityReport): void {
  const p = pct(r.matched, r.facts);
  t.facts += r.facts;
  t.matched += r.matched;
  t.unitChecked += r.unitChecked;
  t.unitAgreeing += r.unitAgreeing;
  t.filings++;
  if (p < target) t.below++;
  if (r.facts > 0) t.lowest = Math.min(t.lowest, p);
}

const summary = (t: Totals) =>
  `${t.matched}/${t.facts} = ${pct(t.matched, t.facts).toFixed(2)}% together, lowest filing ` +
  `${t.lowest.toFixed(2)}%, ${t.below} of ${t.filings} below ${target}%; unit agrees ` +
  `${t.unitAgreeing}/${t.unitChecked} = ${pct(t.unitAgreeing, t.unitChecked).toFixed(2)}%`;

function main(): number {
  if (!hasData) {
    console.log(`[skip] ${noDataMessage}`);
    return 0;
  }
  const show = option('--show', 10);
  const showUnits = option('--units', 0);
  const onlyAt = process.argv.indexOf('--only');
  const only = onlyAt > 0 ? process.argv[onlyAt + 1] : undefined;
  const filings = [...tuned, check]
    .filter((folder) => only === undefined || folder === only)
    .flatMap((folder) =>
      findIxbrlFilings(dataPath(folder)).map((f) => ({
        ...f,
        folder,
        label: `${folder}/${f.label}`,
      })),
    );
  const byClass = new Map<string, number>();
  const tunedTotals = totals();
  const checkTotals = totals();
  let tagsSeen = 0;
  console.log(
    'filing | facts in tables | matched | % | unit agrees (info) | sign attr ≠ shown (info)',
  );
  for (const { label, path, folder } of filings) {
    const r = measureIxbrlFidelity(readFileSync(path, 'utf8'), label);
    const isCheck = folder === check;
    add(isCheck ? checkTotals : tunedTotals, r);
    tagsSeen += r.tagsSeen;
    console.log(
      `${label} | ${r.facts} | ${r.matched} | ${pct(r.matched, r.facts).toFixed(2)}% | ${r.unitAgreeing}/${r.unitChecked} | ${r.signAttrDiffersFromShown}` +
        (r.nil > 0 ? ` | ${r.nil} nil facts (nothing shown) left out` : '') +
        (r.unreadable > 0 ? ` | ${r.unreadable} facts in unread formats LEFT OUT` : '') +
        (r.inText > 0 ? ` | ${r.inText} facts in sentences of text tables left out` : '') +
        (r.tagsSeen > 0 ? ` | READER SAW ${r.tagsSeen} INLINE XBRL TAGS OR FACTS` : ''),
    );
    // sec-check: figures only; its misses are not printed (rules are not chosen on them)
    if (isCheck) continue;
    for (const m of r.mismatches) {
      const cls = m.reason.split(/[:("$\d]/)[0]?.trim() ?? m.reason;
      byClass.set(cls, (byClass.get(cls) ?? 0) + 1);
    }
    for (const m of r.mismatches.slice(0, show)) {
      const f = m.fact;
      console.log(`   t${f.tableIndex} r${f.row} c${f.col} ${f.name} "${f.shown}": ${m.reason}`);
    }
    if (r.mismatches.length > show) console.log(`   … ${r.mismatches.length - show} more`);
    for (const u of r.unitMisses.slice(0, showUnits)) {
      const f = u.fact;
      console.log(
        `   unit t${f.tableIndex} r${f.row} c${f.col} ${f.name} "${f.shown}": tag ${u.expected}, cell ${u.got ?? 'null'}`,
      );
    }
    if (showUnits > 0 && r.unitMisses.length > showUnits)
      console.log(`   … ${r.unitMisses.length - showUnits} more unit differences`);
  }
  if (byClass.size > 0) {
    console.log('tuned misses by class: ' + [...byClass].map(([c, n]) => `${c} ${n}`).join(', '));
  }
  if (tunedTotals.filings > 0) console.log(`tuned (sec, sec-more): ${summary(tunedTotals)}`);
  if (checkTotals.filings > 0) console.log(`sec-check (not tuned on): ${summary(checkTotals)}`);
  const failed = tunedTotals.below + checkTotals.below;
  if (tagsSeen > 0) console.log(`FAIL (the reader saw ${tagsSeen} inline XBRL tags or facts)`);
  console.log(
    failed === 0 ? `PASS (every filing ≥ ${target}%)` : `FAIL (${failed} below ${target}%)`,
  );
  return failed === 0 && tagsSeen === 0 ? 0 : 1;
}

process.exitCode = main();
