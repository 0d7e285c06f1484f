import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeRepo } from '../../../main/runs/judge/judge-repo';
import type { JudgeService } from '../../../main/runs/judge/judge-service';
import type { Services } from '../../../main/services';
import type { StoredQuestion } from '../../../shared/datasets';
import { ANALYTIC_RUBRIC } from '../../../shared/runs/judge-rubric';
import { reportMarkdown } from '../../../shared/runs/report-format';
import { hasData, noDataMessage } from '../../support/data-dir';
import {
  startOpenAiTestServer,
  type OpenAiTestServer,
  type RecordedRequest,
} from '../../support/openai-test-server';
import { tempServices } from '../../support/services';
import { tempDir } from '../../support/temp-dir';
import { chatRequests, waitFor } from './engine-support';
import { importAnswers, importTablequestHard } from './judge-support';

// The LLM judge on real TableQuest hard questions (analytic free-text gold) against the
// OpenAI-compatible test server: the judge model's replies are scripted from what it is shown.

const JUDGE = 'judge-1';
const SECRET = 'sk-judge-secret-0123456789';

/** What a scripted judge reads of its prompt. */
function shown(req: RecordedRequest) {
  const messages = (req.body as { messages: { role: string; content: string }[] }).messages;
  const user = messages.find((m) => m.role === 'user')?.content ?? '';
  const between = (tag: string) =>
    new RegExp(`<<<${tag}\\n([\\s\\S]*?)\\n${tag}>>>`).exec(user)?.[1] ?? '';
  return {
    pairwise: messages[0]?.content === ANALYTIC_RUBRIC.pairwiseText,
    gold: /Reference answer:\n([\s\S]*?)\n\n/.exec(user)?.[1] ?? '',
    answer: between('ANSWER'),
    a: between('A'),
    b: between('B'),
  };
}

/**
 * A judge that grades by the gold: the gold itself is correct, "HALF" partially, "WRONG"
 * incorrect; "UNREADABLE" gets prose, "REFUSE" a refusal. Pairwise it prefers the gold, says
 * "A" whenever a "HALF" answer is shown (position bias) and answers prose for "UNREADABLE".
 */
function scriptedJudge(req: RecordedRequest): string {
  const s = shown(req);
  if (s.pairwise) {
    if (`${s.a}${s.b}`.includes('UNREADABLE')) return 'Both have merit.';
    if (`${s.a}${s.b}`.includes('HALF')) return '{"better": "A", "reason": "first is fine"}';
    const better = s.a === s.gold ? 'A' : s.b === s.gold ? 'B' : 'tie';
    return JSON.stringify({ better, reason: 'closer to the reference' });
  }
  if (s.answer.includes('UNREADABLE')) return 'This answer looks right to me.';
  if (s.answer.includes('REFUSE')) return "I'm sorry, but I can't help with grading this.";
  if (s.answer.includes('HALF'))
    return 'Grade:\n```json\n{"verdict": "Partially", "score": 0.5, "reason": "one figure of two"}\n```';
  return s.answer === s.gold
    ? '{"verdict":"correct","score":1,"reason":"figures agree"}'
    : '{"verdict":"incorrect","score":0,"reason":"figures differ"}';
}

describe.skipIf(!hasData)('LLM judge (TableQuest hard, test server)', () => {
  let env: Awaited<ReturnType<typeof tempServices>>;
  let s: Services;
  let judge: JudgeService;
  let server: OpenAiTestServer;
  let questions: StoredQuestion[];
  const files = tempDir('judge-');
  const runs: Record<'a' | 'b' | 'c', number> = { a: 0, b: 0, c: 0 };
  let armFaultAfter: number | null = null;

  beforeAll(async () => {
    env = await tempServices();
    s = env.services;
    judge = s.judge;
    const set = await s.registry.call('secrets.set', { name: 'judge-key', value: SECRET });
    expect(set.ok).toBe(true);
    questions = await importTablequestHard(s);
    const six = questions.slice(0, 6);
    runs.a = await importAnswers(
      s,
      files.dir,
      'model-a',
      six,
      (g, i) => [g, g, `HALF ${g.slice(0, 40)}`, 'WRONG: $1', 'UNREADABLE', 'REFUSE'][i]!,
    );
    runs.b = await importAnswers(s, files.dir, 'model-b', six, (g, i) =>
      i === 2 || i === 3 ? g : `WRONG ${i}`,
    );
    runs.c = await importAnswers(s, files.dir, 'model-c', six, (g) => g);
    let seen = 0;
    server = await startOpenAiTestServer({
      models: [JUDGE],
      replies: [
        {
          match: /./,
          reply: (req) => {
            if (armFaultAfter !== null && ++seen === armFaultAfter)
              server.fault({ kind: 'status', status: 400, times: 2, path: 'chat' });
            return scriptedJudge(req);
          },
        },
      ],
    });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    env?.cleanup();
    files.cleanup();
  });

  const settings = () => ({
    provider: { baseUrl: server.baseUrl, apiKeyName: 'judge-key' },
    model: JUDGE,
  });

  it('grades each item against the gold; unreadable and refused replies are stored as such', async () => {
    const before = s.runs.report(runs.a).report;
    const progress: number[] = [];
    const r = await judge.judge({ ...settings(), runId: runs.a }, (p) => progress.push(p.done));
    expect(r).toMatchObject({
      wanted: 6,
      asked: 6,
      reused: 0,
      skipped: 0,
      unreadable: 1,
      refused: 1,
      failed: 0,
      notAsked: 0,
      rubric: { id: 'analytic-v1' },
      summary: { n: 4, correct: 2, partially: 1, incorrect: 1, accuracy: 50, meanScore: 0.625 },
    });
    expect(progress.at(-1)).toBe(6);
    expect(r.inputTokens).toBeGreaterThan(0);

    const stored = judgeRepo(s.workspace.db).ofRun(runs.a);
    expect(stored).toHaveLength(6);
    const byStatus = (st: string) => stored.filter((j) => j.status === st);
    expect(byStatus('unreadable')[0]).toMatchObject({
      verdict: null,
      score: null,
      reply: 'This answer looks right to me.',
      reason: 'no JSON object with "verdict" in the reply',
    });
    expect(byStatus('refused')[0]!.reply).toMatch(/can't help/);
    expect(JSON.stringify(stored)).not.toContain(SECRET);
    for (const j of stored) {
      // The endpoint names the key's secret, never a key; the full prompt is kept.
      expect(j.endpoint).toBe(`${server.baseUrl} (key judge-key)`);
      expect(j.rubricHash).toMatch(/^[0-9a-f]{64}$/);
      expect(j.prompt[0]).toEqual({ role: 'system', content: ANALYTIC_RUBRIC.text });
    }
    // Each item's prompt holds its own question (and so its own gold).
    const asked = stored.map((j) =>
      questions.findIndex((q) =>
        j.prompt[1]!.content.startsWith(`Question:\n${q.question.trim()}\n`),
      ),
    );
    expect(new Set(asked)).toEqual(new Set([0, 1, 2, 3, 4, 5]));

    // The report: its own block, the scorers' accuracy unchanged.
    const { report } = judge.withJudges(s.runs.report(runs.a));
    expect(report.accuracy).toEqual(before.accuracy);
    expect(before.judges).toBeUndefined();
    expect(report.judges).toEqual({ [`${JUDGE}/analytic-v1`]: r.summary });
    const md = reportMarkdown(report);
    expect(md).toMatch(
      /## LLM judge \(not a scorer[^\n]*\n[\s\S]*\| judge-1 \| analytic-v1 \| 50\.00 \(2\/4\)/,
    );
  });

  it('re-uses what it judged: nothing asked again, unreadable and refused included', async () => {
    const before = chatRequests(server.requests).length;
    const r = await judge.judge({ ...settings(), runId: runs.a });
    expect(r).toMatchObject({ asked: 0, reused: 6, summary: { n: 4, unreadable: 1, refused: 1 } });
    expect(chatRequests(server.requests).length).toBe(before);
  });

  it('an endpoint failing mid-way fails those items only; the next pass asks just them', async () => {
    armFaultAfter = 2;
    const first = await judge.judge({ ...settings(), runId: runs.c, concurrency: 1 });
    armFaultAfter = null;
    expect(first).toMatchObject({
      asked: 4,
      failed: 2,
      notAsked: 0,
      summary: { n: 4, correct: 4 },
    });
    expect(first.firstError).toMatch(/refused the request \(400/);
    expect(judgeRepo(s.workspace.db).ofRun(runs.c)).toHaveLength(4);

    const before = chatRequests(server.requests).length;
    const second = await judge.judge({ ...settings(), runId: runs.c, concurrency: 1 });
    expect(second).toMatchObject({
      asked: 2,
      reused: 4,
      failed: 0,
      summary: { n: 6, correct: 6, accuracy: 100 },
    });
    expect(chatRequests(server.requests).length - before).toBe(2);
  });

  it('a judge model that is gone stops judging at once (the rest not asked)', async () => {
    const r = await judge.judge({
      ...settings(),
      model: 'gone-model',
      runId: runs.b,
      concurrency: 1,
    });
    expect(r).toMatchObject({ asked: 0, failed: 1, notAsked: 5 });
    expect(r.firstError).toMatch(/gone-model/);
  });

  it('a cancel stops the calls in flight; what was stored stays', async () => {
    server.fault({ kind: 'slow', delayMs: 3000, times: 6, path: 'chat' });
    const running = judge.judge({
      ...settings(),
      model: JUDGE,
      runId: runs.b,
      rubricText: 'Strict: every figure must match.',
    });
    const outcome = running.then(
      () => 'finished',
      (e: unknown) => (e as Error).message,
    );
    await waitFor(
      () => s.jobs.list().some((j) => j.subject === `judge:run:${runs.b}` && j.state === 'running'),
      5000,
      'the judge job',
    );
    const job = s.jobs.list().find((j) => j.subject === `judge:run:${runs.b}`)!;
    await s.jobs.cancel(job.jobId);
    expect(await outcome).toMatch(/judging cancelled after 0 of 6/);
    server.clearFaults();
  });

  it('pairwise: both orders asked, combined, an Elo table; re-used the second time', async () => {
    const r = await judge.pairwise({ ...settings(), runIds: [runs.a, runs.b] });
    expect(r).toMatchObject({ questions: 6, wanted: 12, asked: 12, unreadable: 2, failed: 0 });
    // A wins hard-0/1, B wins hard-3, position bias on hard-2 and both wrong on hard-5 are
    // ties, hard-4 is unreadable: A 3 of 5, B 2 of 5; with the prior 3.5 : 2.5 → 58.5 points.
    expect(r.elo).toMatchObject({
      outcomes: 5,
      unreadable: 1,
      positionDisagreements: 1,
      questions: 5,
    });
    expect(r.elo.rows.map((row) => [row.runId, row.wins, row.losses, row.ties])).toEqual([
      [runs.a, 2, 1, 2],
      [runs.b, 1, 2, 2],
    ]);
    expect(r.elo.rows[0]!.rating - r.elo.rows[1]!.rating).toBeCloseTo(58.5, 0);
    expect(r.elo.rows[0]!.low).not.toBeNull();

    const before = chatRequests(server.requests).length;
    const again = await judge.pairwise({ ...settings(), runIds: [runs.a, runs.b] });
    expect(again).toMatchObject({ asked: 0, reused: 12 });
    expect(chatRequests(server.requests).length).toBe(before);
    expect(judge.elo([runs.a, runs.b])).toEqual(r.elo);
  });

  it('refuses runs on different datasets, a run named twice, and an Elo table with no judgements', async () => {
    await expect(judge.pairwise({ ...settings(), runIds: [runs.a, runs.a] })).rejects.toThrow(
      /named twice/,
    );
    expect(() => judge.elo([runs.b, runs.c])).toThrow(/no pairwise judgements among runs/);
  });

  if (!hasData) it.skip(noDataMessage, () => undefined);
});
