/**
 * iXBRL fidelity: for each inline XBRL filing in the data folder, strip every ix: tag (keeping
 * the text), ingest the plain HTML, and compare each `ix:nonFraction` that sat in a table cell
 * with the parsed cell: |value × scale| = |fact value| (displayed number × 10^scale) and the
 * sign of `value` is the sign the filing shows. Target ≥ 99.5% per filing.
 *
 * Reads the filings the reader was tuned on (`sec/`) and ones it had not seen (`sec-more/`).
 *
 *   node --import tsx test/bench/ixbrl-fidelity.ts [--show N] [--only sec|sec-more]
 */
import { readFileSync } from 'node:fs';
import { dataPath, hasData, noDataMessage } from '../support/data-dir';
import {
  findIxbrlFilings,
  measureIxbrlFidelity,
} from '../integration/ingest/support/ixbrl-fidelity';

const target = 99.5;

function main(): number {
  if (!hasData) {
    console.log(`[skip] ${noDataMessage}`);
    return 0;
  }
  const showAt = process.argv.indexOf('--show');
  const show = showAt > 0 ? Number(process.argv[showAt + 1] ?? 10) : 10;
  const onlyAt = process.argv.indexOf('--only');
  const only = onlyAt > 0 ? process.argv[onlyAt + 1] : undefined;
  const filings = ['sec', 'sec-more']
    .filter((folder) => only === undefined || folder === only)
    .flatMap((folder) =>
      findIxbrlFilings(dataPath(folder)).map((f) => ({ ...f, label: `${folder}/${f.label}` })),
    );
  const byClass = new Map<string, number>();
  let failed = 0;
  console.log(
    'filing | facts in tables | matched | % | unit agrees (info) | sign attr ≠ shown (info)',
  );
  for (const { label, path } of filings) {
    const r = measureIxbrlFidelity(readFileSync(path, 'utf8'), label);
    const pct = r.facts === 0 ? 100 : (100 * r.matched) / r.facts;
    if (pct < target) failed++;
    console.log(
      `${label} | ${r.facts} | ${r.matched} | ${pct.toFixed(2)}% | ${r.unitAgreeing}/${r.unitChecked} | ${r.signAttrDiffersFromShown}` +
        (r.nil > 0 ? ` | ${r.nil} nil facts (nothing shown) left out` : '') +
        (r.unreadable > 0 ? ` | ${r.unreadable} facts in unread formats LEFT OUT` : '') +
        (r.inText > 0 ? ` | ${r.inText} facts in sentences of text tables left out` : ''),
    );
    for (const m of r.mismatches) {
      const cls = m.reason.split(/[:("$\d]/)[0]?.trim() ?? m.reason;
      byClass.set(cls, (byClass.get(cls) ?? 0) + 1);
    }
    for (const m of r.mismatches.slice(0, show)) {
      const f = m.fact;
      console.log(`   t${f.tableIndex} r${f.row} c${f.col} ${f.name} "${f.shown}": ${m.reason}`);
    }
    if (r.mismatches.length > show) console.log(`   … ${r.mismatches.length - show} more`);
  }
  if (byClass.size > 0) {
    console.log('misses by class: ' + [...byClass].map(([c, n]) => `${c} ${n}`).join(', '));
  }
  console.log(
    failed === 0 ? `PASS (every filing ≥ ${target}%)` : `FAIL (${failed} below ${target}%)`,
  );
  return failed === 0 ? 0 : 1;
}

process.exitCode = main();
