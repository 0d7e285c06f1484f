/**
 * What asking across two filings costs besides the model (issue 27): PoT asks about J&J's
 * 10-K for fiscal 2024 alone, its 10-Q for Q2 2025 alone, and both together, interleaved in one
 * run so load affects all three alike. The OpenAI-compatible test server answers at once with a
 * program reading fact() (one fact alone, one in each filing together). `overheadMs` is each
 * ask's time outside the model: opening the documents, retrieval in each, the per-filing
 * context, the sandbox with the merged facts, grounding and storing. The first round is warm-up
 * (parse, indexes, sandbox start); every ask has its own seed (no response cache).
 *
 *   node --import tsx test/bench/ask-across-filings.ts   (BENCH_N=… rounds, default 20)
 */
import { quantileSorted as percentile } from '../../shared/stats';
import type { ImportReport } from '../../shared/library/document';
import type { AskInput } from '../../main/ask/ask-service';
import { dataPath, hasData, noDataMessage } from '../support/data-dir';
import { startOpenAiTestServer } from '../support/openai-test-server';
import { tempServices } from '../support/services';

const N = Number(process.env.BENCH_N ?? 20);
const WARM_UP = 2;
const SALES = 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax';
const js = (body: string) => `\`\`\`javascript\nfunction solution() {\n  ${body}\n}\n\`\`\``;
const ASKS = {
  '10-K alone': {
    question: 'What were sales in fiscal 2024 (bench)?',
    reply: js(`return fact('${SALES}', 'FY2024').value;`),
  },
  '10-Q alone': {
    question: 'What were sales in the second quarter of 2025 (bench)?',
    reply: js(`return fact('${SALES}', 'Q2 2025').value;`),
  },
  'both filings': {
    question: 'How far is the Q2 2025 sales run-rate above fiscal 2024 sales (bench)?',
    reply: js(
      `return (fact('${SALES}', 'Q2 2025').value * 4 / fact('${SALES}', 'FY2024').value - 1) * 100;`,
    ),
  },
} as const;
type Kind = keyof typeof ASKS;

async function main(): Promise<number> {
  if (!hasData) {
    console.log(`[skip] ${noDataMessage}`);
    return 0;
  }
  const { services, cleanup } = await tempServices();
  const server = await startOpenAiTestServer({
    replies: Object.values(ASKS).map((a) => ({ match: a.question, reply: a.reply })),
  });
  try {
    const report = (await services.registry.call('library.importPaths', {
      paths: [
        dataPath('sec-check', 'jnj-10-k-2025-02-13.html'),
        dataPath('sec-more', 'jnj-10-q-2025-07-24.html'),
      ],
    })) as { ok: true; value: ImportReport };
    const [tenK, tenQ] = report.value.items.map((i) => (i.ok ? i.document.id : 0));
    if (tenK === undefined || tenQ === undefined) throw new Error('the two filings did not import');
    const target: Record<Kind, Partial<AskInput>> = {
      '10-K alone': { documentId: tenK },
      '10-Q alone': { documentId: tenQ },
      'both filings': { documentIds: [tenQ, tenK] },
    };
    const overhead: Record<Kind, number[]> = {
      '10-K alone': [],
      '10-Q alone': [],
      'both filings': [],
    };
    let seed = 0;
    for (let round = 0; round < WARM_UP + N; round++)
      for (const kind of Object.keys(ASKS) as Kind[]) {
        const started = performance.now();
        const r = await services.ask.run({
          provider: { baseUrl: server.baseUrl, maxRetries: 0 },
          model: 'test-chat',
          mode: 'pot',
          question: ASKS[kind].question,
          params: { seed: ++seed },
          ...target[kind],
        });
        if (!r.execution?.ok) throw new Error(`${kind}: ${JSON.stringify(r.execution)}`);
        if (round === 0)
          console.log(
            `first ask, ${kind} (parse, index, facts, sandbox): ${(performance.now() - started).toFixed(0)} ms; answer ${r.answer.text}`,
          );
        if (round >= WARM_UP) overhead[kind].push(r.overheadMs);
      }
    const p = (xs: number[], q: number) =>
      percentile(
        [...xs].sort((a, b) => a - b),
        q,
      ).toFixed(1);
    console.log(`J&J 10-K FY2024 and 10-Q Q2 2025, PoT with fact(), ${N} rounds after ${WARM_UP}`);
    console.log('| overhead (all but the model) ms | p50 | p95 | max |');
    console.log('|---|---|---|---|');
    for (const kind of Object.keys(ASKS) as Kind[])
      console.log(
        `| ${kind} | ${p(overhead[kind], 0.5)} | ${p(overhead[kind], 0.95)} | ${Math.max(...overhead[kind]).toFixed(1)} |`,
      );
    return 0;
  } finally {
    await server.close();
    cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
