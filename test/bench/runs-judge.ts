// The LLM judge's overhead against the zero-latency test server, on TableQuest's 49 hard
// questions: 4 imported runs (gold answers, half answers, wrong figures, a mix) judged
// pointwise (196 judgements), judged again (all re-used), then pairwise (6 pairs × 49
// questions × 2 orders = 588 judgements) and the Elo table with 1,000 bootstrap resamples.
// The scripted judge grades by the gold, so the table must rank gold > mix > half > wrong.
//
//   node --import tsx test/bench/runs-judge.ts
import { eloMarkdown } from '../../shared/runs/judge-format';
import { hasData, noDataMessage } from '../support/data-dir';
import { importAnswers, importTablequestHard } from '../integration/runs/judge-support';
import { startOpenAiTestServer, type RecordedRequest } from '../support/openai-test-server';
import { tempServices } from '../support/services';
import { tempDir } from '../support/temp-dir';

const user = (req: RecordedRequest) =>
  (req.body as { messages: { role: string; content: string }[] }).messages[1]!.content;
const between = (text: string, tag: string) =>
  new RegExp(`<<<${tag}\\n([\\s\\S]*?)\\n${tag}>>>`).exec(text)?.[1] ?? '';
const goldOf = (text: string) => /Reference answer:\n([\s\S]*?)\n\n/.exec(text)?.[1] ?? '';
/** 1 for the gold, 0.5 for its first half, 0 otherwise. */
const worth = (answer: string, gold: string) =>
  answer === gold ? 1 : answer.startsWith('HALF') ? 0.5 : 0;

async function main() {
  if (!hasData) {
    console.log(noDataMessage);
    return;
  }
  const env = await tempServices();
  const files = tempDir('bench-judge-');
  const server = await startOpenAiTestServer({
    replies: [
      {
        match: /./,
        reply: (req) => {
          const u = user(req);
          const gold = goldOf(u);
          if (u.includes('<<<A\n')) {
            const [a, b] = [worth(between(u, 'A'), gold), worth(between(u, 'B'), gold)];
            return JSON.stringify({ better: a > b ? 'A' : b > a ? 'B' : 'tie', reason: 'r' });
          }
          const w = worth(between(u, 'ANSWER'), gold);
          const verdict = w === 1 ? 'correct' : w > 0 ? 'partially' : 'incorrect';
          return JSON.stringify({ verdict, score: w, reason: 'r' });
        },
      },
    ],
  });
  try {
    const s = env.services;
    const judge = s.judge;
    const qs = await importTablequestHard(s);
    const answers: Record<string, (gold: string, i: number) => string> = {
      gold: (g) => g,
      half: (g) => `HALF ${g.slice(0, g.length / 2)}`,
      wrong: () => 'The figures were $1 million and $2 million.',
      mix: (g, i) => (i % 3 === 0 ? 'Not sure.' : g),
    };
    const runIds: number[] = [];
    for (const [model, answer] of Object.entries(answers))
      runIds.push(await importAnswers(s, files.dir, model, qs, answer));
    const provider = { baseUrl: server.baseUrl };
    const lines: string[] = [];
    let t = performance.now();
    let asked = 0;
    for (const runId of runIds) {
      const r = await judge.judge({ runId, provider, model: 'judge', concurrency: 8 });
      asked += r.asked;
      lines.push(
        `run #${runId}: ${r.summary.correct}/${r.summary.n} correct, ${r.summary.partially} partially, mean score ${r.summary.meanScore}`,
      );
    }
    const pointMs = performance.now() - t;
    t = performance.now();
    let reused = 0;
    for (const runId of runIds)
      reused += (await judge.judge({ runId, provider, model: 'judge' })).reused;
    const reuseMs = performance.now() - t;
    t = performance.now();
    const pair = await judge.pairwise({ runIds, provider, model: 'judge', concurrency: 8 });
    const pairMs = performance.now() - t;
    t = performance.now();
    judge.elo(runIds);
    const eloMs = performance.now() - t;
    console.log(lines.join('\n'));
    console.log(
      `pointwise: ${asked} judgements in ${(pointMs / 1000).toFixed(2)} s = ${((1000 * asked) / pointMs).toFixed(0)}/s (concurrency 8)`,
    );
    console.log(`again: ${reused} re-used, none asked, in ${reuseMs.toFixed(0)} ms`);
    console.log(
      `pairwise: ${pair.asked} judgements in ${(pairMs / 1000).toFixed(2)} s = ${((1000 * pair.asked) / pairMs).toFixed(0)}/s, Elo table included`,
    );
    console.log(
      `Elo table alone (${pair.elo.outcomes} outcomes, 1,000 resamples): ${eloMs.toFixed(0)} ms`,
    );
    console.log(eloMarkdown(pair.elo));
    const order = pair.elo.rows.map((r) => r.model).join(' > ');
    if (order !== 'gold > mix > half > wrong') throw new Error(`unexpected order ${order}`);
  } finally {
    await server.close();
    env.cleanup();
    files.cleanup();
  }
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
