import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServices } from '../../../main/services';
import type { MethodOutput } from '../../../shared/api/contract';
import { runSourceCliAsync } from '../../support/cli';
import { hasData } from '../../support/data-dir';
import { startOpenAiTestServer, type OpenAiTestServer } from '../../support/openai-test-server';
import { tempDir } from '../../support/temp-dir';
import { tatqaDev } from '../runs/engine-support';

// The command line of question sets (issue 25) on real TAT-QA dev records against the local
// OpenAI-compatible test server: `workbench questions`, `question-set create|list|show`,
// `session create --question-set`, and `eval --questions SET|FILE` and `eval --session ID`, each
// asking exactly the questions named.

interface EvalJson {
  runId: number;
  status: string;
  done: number;
  total: number;
}

describe.skipIf(!hasData)('question sets on the command line (TAT-QA dev)', () => {
  const ws = tempDir('question-set-cli-');
  let server: OpenAiTestServer;
  let questions: MethodOutput<'datasets.questions'>['questions'];
  const cli = async (...args: string[]) => {
    const r = await runSourceCliAsync([...args, '--workspace', ws.dir]);
    return { ...r, json: () => JSON.parse(r.stdout) as unknown };
  };
  const evalArgs = () => [
    '--base-url',
    server.baseUrl,
    '--model',
    'test-chat',
    '--mode',
    'direct',
    '--json',
  ];
  /** The run's manifest as stored (read in this process once the CLI has exited). */
  async function manifest(runId: number) {
    const s = await startServices({ workspaceDir: ws.dir, host: { kind: 'cli' } });
    try {
      return s.runs.get(runId).manifest;
    } finally {
      s.close();
    }
  }

  beforeAll(async () => {
    server = await startOpenAiTestServer({ defaultReply: 'The answer is 42.' });
    const file = join(ws.dir, 'tatqa_cli.json');
    writeFileSync(file, JSON.stringify(tatqaDev().slice(0, 8)));
    const imported = await cli('import-dataset', '--format', 'tatqa', file, '--json');
    expect(imported.code, imported.stderr).toBe(0);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    ws.cleanup();
  }, 120_000);

  it('workbench questions lists workspace ids, the dataset’s own ids, type and text, without gold', async () => {
    const human = await cli('questions', '--dataset', 'tatqa_cli.json');
    expect(human.code, human.stderr).toBe(0);
    const json = await cli('questions', '--dataset', '1', '--json');
    expect(json.code, json.stderr).toBe(0);
    const out = json.json() as MethodOutput<'datasets.questions'>;
    questions = out.questions;
    expect(questions.length).toBeGreaterThan(20);
    const first = questions[0]!;
    expect(human.stdout).toContain(
      `${first.id}\t${first.externalId}\t${first.type}\t${first.question}`,
    );
    expect(json.stdout).not.toContain('"gold"');
    const missing = await cli('questions');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--dataset N\|NAME is required/);
  }, 120_000);

  it('question-set create (a seeded stratified sample), list and show', async () => {
    const created = await cli(
      'question-set',
      'create',
      '--dataset',
      'tatqa_cli.json',
      '--name',
      'cli sample',
      '--sample',
      '5',
      '--seed',
      '11',
      '--stratify',
      'answer-type',
      '--json',
    );
    expect(created.code, created.stderr).toBe(0);
    const { set } = created.json() as MethodOutput<'questionSets.create'>;
    expect(set.questionIds).toHaveLength(5);
    expect(set.selection.sample).toEqual({ count: 5, seed: 11, stratify: 'answer-type' });

    const list = await cli('question-set', 'list');
    expect(list.stdout).toContain(`#${set.id}  cli sample  5 questions of tatqa_cli.json`);
    const show = await cli('question-set', 'show', 'cli sample', '--json');
    expect(show.code, show.stderr).toBe(0);
    const detail = show.json() as MethodOutput<'questionSets.get'>;
    expect(detail.questions.map((q) => q.id)).toEqual(set.questionIds);

    const usage = await cli(
      'question-set',
      'create',
      '--dataset',
      '1',
      '--name',
      'x',
      '--sample',
      '5',
    );
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--sample K needs --seed S/);
    const taken = await cli(
      'question-set',
      'create',
      '--dataset',
      '1',
      '--name',
      'cli sample',
      '--type',
      'span',
    );
    expect(taken.code).toBe(1);
    expect(taken.stderr).toMatch(/a question set is already named "cli sample"/);
  }, 120_000);

  it('eval --questions SET asks exactly the set’s questions; a session made from the set shares its key', async () => {
    const run = await cli('eval', '--questions', 'cli sample', ...evalArgs());
    expect(run.code, run.stderr).toBe(0);
    const out = run.json() as EvalJson;
    expect(out).toMatchObject({ status: 'done', done: 5, total: 5 });
    const m = await manifest(out.runId);
    expect(m.questionSet?.name).toBe('cli sample');

    const session = await cli(
      'session',
      'create',
      '--question-set',
      'cli sample',
      '--seed',
      '4',
      '--minutes',
      '30',
      '--expert',
      'CLI expert',
      '--json',
    );
    expect(session.code, session.stderr).toBe(0);
    const { sessionId } = session.json() as { sessionId: number };
    // The run on the session's questions is made from the same set (found by its key).
    const bySession = await cli('eval', '--session', String(sessionId), ...evalArgs());
    expect(bySession.code, bySession.stderr).toBe(0);
    expect(bySession.stderr).toMatch(/question set #\d+ "cli sample"/);
    const m2 = await manifest((bySession.json() as EvalJson).runId);
    expect(m2.questionSet).toEqual(m.questionSet);
    expect(new Set(m2.engine!.questionIds)).toEqual(new Set(m.engine!.questionIds));
  }, 120_000);

  it('eval --session on a sampled session makes a set for its questions; eval --questions FILE takes dataset and workspace ids', async () => {
    const session = await cli(
      'session',
      'create',
      '--dataset-id',
      '1',
      '--questions',
      '3',
      '--seed',
      '9',
      '--minutes',
      '30',
      '--expert',
      'Sampled',
      '--json',
    );
    expect(session.code, session.stderr).toBe(0);
    const { sessionId } = session.json() as { sessionId: number };
    const run = await cli('eval', '--session', String(sessionId), ...evalArgs());
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`question set #`);
    expect(run.stderr).toContain(`"session #${sessionId}" (made for it)`);
    expect(run.json()).toMatchObject({ status: 'done', total: 3 });

    const file = join(ws.dir, 'ids.txt');
    const [a, b, c] = [questions[3]!, questions[9]!, questions[1]!];
    writeFileSync(
      file,
      `# two of the dataset's own ids and a workspace id\n${a.externalId}\n${b.externalId}\n${c.id}\n`,
    );
    const byFile = await cli('eval', '--questions', file, ...evalArgs());
    expect(byFile.code, byFile.stderr).toBe(0);
    const out = byFile.json() as EvalJson;
    expect(out).toMatchObject({ status: 'done', total: 3 });
    const m = await manifest(out.runId);
    expect(m.engine!.questionIds).toEqual([a.id, b.id, c.id]);
    expect(m.questionSet).toBeUndefined();
    expect(m.subset?.filter).toBe('3 questions chosen by id');

    const json = join(ws.dir, 'ids.json');
    writeFileSync(json, JSON.stringify([a.externalId, 'not-a-question']));
    const unknown = await cli('eval', '--questions', json, ...evalArgs());
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/1 of 2 ids are not questions of .*not-a-question/);
    const nothing = await cli('eval', '--questions', 'no such set', ...evalArgs());
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toMatch(/--questions: no question set or file named no such set/);
    const both = await cli('eval', '--questions', 'cli sample', '--session', '1', ...evalArgs());
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--questions and --session both say which questions; give one/);
  }, 120_000);
});
