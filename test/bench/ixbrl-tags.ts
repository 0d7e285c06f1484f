/**
 * Tags first (issue 23): on every inline XBRL filing, how many tagged table cells there are,
 * and how many of them the visible-text reader read differently from their tag (another
 * quantity, another unit, or both: each such cell carries a warning naming both), beside the
 * cells whose printed sign differs from the tag's (parentheses around a fact the filing tags
 * as positive, or the reverse: presentation, no warning), cells holding more facts than their
 * value uses, and tags the reader could not read. The tuned sets (sec/, sec-more/) and the
 * measuring set (sec-check/) are reported apart.
 *
 *   node --import tsx test/bench/ixbrl-tags.ts [--examples N]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { decodeHtml } from '../../main/ingest/ingest-bytes';
import { ingestSecHtml } from '../../main/ingest/sec-html/ingest-sec-html';
import { readingAgrees } from '../../main/ingest/sec-html/tags-first';
import { ixbrlFilingsIn } from '../integration/ingest/support/ixbrl-tag-truth';
import { dataPath, hasData, noDataMessage } from '../support/data-dir';

interface Count {
  tagged: number;
  disagree: number;
  quantity: number;
  unit: number;
  both: number;
  signOnly: number;
  severalFacts: number;
  unread: number;
  examples: string[];
}

const zero = (): Count => ({
  tagged: 0,
  disagree: 0,
  quantity: 0,
  unit: 0,
  both: 0,
  signOnly: 0,
  severalFacts: 0,
  unread: 0,
  examples: [],
});

function countFiling(path: string, keep: number): Count {
  const html = decodeHtml(readFileSync(path));
  const doc = ingestSecHtml(html, { name: path, bytes: html.length });
  const n = zero();
  for (const t of doc.tables) {
    for (const c of t.cells) {
      if (c.xbrl === undefined) continue;
      n.tagged++;
      if (c.visible === undefined) {
        n.unread++;
        continue;
      }
      const used = c.kind === 'range' ? (c.value === null ? 2 : 3) : 1;
      if (c.xbrl.length > used) n.severalFacts++;
      const agrees = readingAgrees(c);
      if (agrees === false) {
        n.disagree++;
        const quantity = c.xbrl.slice(0, used).some((f) => f.agrees !== true);
        const unit = c.visible.unit !== c.unit && !(c.unit === null && c.visible.unit === 'x');
        if (quantity && unit) n.both++;
        else if (quantity) n.quantity++;
        else n.unit++;
        if (n.examples.length < keep) {
          const warning = c.warnings?.find((w) => w.startsWith('the filing tags')) ?? '';
          n.examples.push(
            `${t.id} ${c.rowPath.join(' > ')} | ${c.colPath.join(' > ')}: ${warning}`,
          );
        }
      } else if (
        c.value !== null &&
        c.visible.value !== null &&
        c.value !== 0 &&
        Math.sign(c.value) !== Math.sign(c.visible.value)
      ) {
        n.signOnly++;
      }
    }
  }
  return n;
}

const pct = (a: number, b: number) => (b === 0 ? '—' : `${((100 * a) / b).toFixed(2)}%`);

function main(): number {
  const { values } = parseArgs({ options: { examples: { type: 'string', default: '0' } } });
  const keep = Number(values.examples);
  if (!hasData) {
    console.log(`[skip] ${noDataMessage}`);
    return 0;
  }
  const groups = [
    { name: 'tuned (sec/, sec-more/)', sets: ['sec', 'sec-more'] },
    { name: 'measuring only (sec-check/)', sets: ['sec-check'] },
  ];
  console.log(
    '| filing | tagged cells | visible reading disagrees | quantity | unit | both | sign only (no warning) | several facts | tag unread |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  const examples: string[] = [];
  for (const g of groups) {
    const total = zero();
    for (const set of g.sets) {
      for (const f of ixbrlFilingsIn(dataPath(set))) {
        const n = countFiling(f.path, keep);
        for (const k of Object.keys(total) as (keyof Count)[])
          if (k !== 'examples') total[k] += n[k];
        examples.push(...n.examples.map((e) => `${f.label} ${e}`));
        console.log(
          `| ${set}/${f.label} | ${n.tagged} | ${n.disagree} (${pct(n.disagree, n.tagged)}) | ${n.quantity} | ${n.unit} | ${n.both} | ${n.signOnly} | ${n.severalFacts} | ${n.unread} |`,
        );
      }
    }
    console.log(
      `| **${g.name}** | ${total.tagged} | ${total.disagree} (${pct(total.disagree, total.tagged)}) | ${total.quantity} | ${total.unit} | ${total.both} | ${total.signOnly} | ${total.severalFacts} | ${total.unread} |`,
    );
  }
  if (examples.length > 0) console.log(`\n${examples.join('\n')}`);
  return 0;
}

process.exitCode = main();
