/**
 * The Facts panel's answers on real filings (issue 27, docs/facts.md): how long `facts.search`
 * takes the first time (each filing parsed, if not cached, and its fact index built and stored)
 * and after (the index read from the workspace), and `facts.series` after, for two companies
 * with a 10-K and a 10-Q each (Boeing: sec-more/ + sec-check/; J&J: sec-more/ + sec-check/,
 * sec-check/ used as second filings only, to measure).
 *
 *   node --import tsx test/bench/company-facts.ts
 */
import type { ImportReport } from '../../shared/library/document';
import { dataPath, hasData, noDataMessage } from '../support/data-dir';
import { tempServices } from '../support/services';

const companies = [
  {
    name: 'Boeing',
    ref: '12927',
    concept: 'us-gaap:Revenues',
    files: [
      dataPath('sec-more', 'ba-10-k-2025-02-03.html'),
      dataPath('sec-check', 'ba-10-q-2025-07-29.html'),
    ],
  },
  {
    name: 'Johnson & Johnson',
    ref: '200406',
    concept: 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax',
    files: [
      dataPath('sec-more', 'jnj-10-q-2025-07-24.html'),
      dataPath('sec-check', 'jnj-10-k-2025-02-13.html'),
    ],
  },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<number> {
  if (!hasData) {
    console.log(`[skip] ${noDataMessage}`);
    return 0;
  }
  const { services, cleanup } = await tempServices();
  try {
    const call = async (method: 'facts.search' | 'facts.series', input: unknown) => {
      const t = performance.now();
      const r = await services.registry.call(method, input);
      if (!r.ok) throw new Error(r.error.message);
      return { ms: performance.now() - t, value: r.value };
    };
    for (const c of companies) {
      const r = await services.registry.call('library.importPaths', { paths: c.files });
      if (!r.ok || !(r.value as ImportReport).items.every((i) => i.ok)) throw new Error('import');
    }
    await services.registry.call('library.list', {});
    await services.facts.fill();
    for (const c of companies) {
      const subject = { company: c.ref };
      const cold = await call('facts.search', { subject, query: 'revenues' });
      const warm: number[] = [];
      const series: number[] = [];
      let points = 0;
      for (let i = 0; i < 5; i++) {
        warm.push((await call('facts.search', { subject, query: 'revenues' })).ms);
        const s = await call('facts.series', { subject, concept: c.concept });
        series.push(s.ms);
        points = (s.value as { points: unknown[] }).points.length;
      }
      const facts = (cold.value as { filings: { factCount: number }[] }).filings
        .map((f) => f.factCount)
        .join(' + ');
      console.log(
        `${c.name}: ${facts} facts; search first ${cold.ms.toFixed(0)} ms (parse + index), ` +
          `then ${median(warm).toFixed(0)} ms (median of 5); series of ${points} points ${median(series).toFixed(0)} ms`,
      );
    }
    return 0;
  } finally {
    cleanup();
  }
}

void main().then((code) => process.exit(code));
