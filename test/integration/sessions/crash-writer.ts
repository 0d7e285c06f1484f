/**
 * The crash test's victim: an expert's screen as a process. It opens the workspace, starts the
 * session and works through its questions (input heartbeats, autosaves, submits), printing one
 * JSON line after each write is committed, until the test kills it with SIGKILL.
 * Usage: node --import tsx crash-writer.ts WORKSPACE SESSION_ID
 */
import { startServices } from '../../../main/services';

const [workspaceDir, sessionArg] = process.argv.slice(2);
const sessionId = Number(sessionArg);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const say = (line: Record<string, unknown>) =>
  process.stdout.write(`${JSON.stringify({ ...line, wallMs: Date.now() })}\n`);

async function main(): Promise<void> {
  const services = await startServices({ workspaceDir: workspaceDir!, host: { kind: 'cli' } });
  const call = async (method: string, input: unknown) => {
    const r = await services.registry.call(method, input);
    if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
    return r.value as Record<string, unknown>;
  };
  const detail = (await call('sessions.get', { sessionId })) as {
    session: { questionIds: number[] };
  };
  await call('sessions.event', { sessionId, type: 'start' });
  say({ kind: 'started' });
  const revisions = new Map<number, number>();
  for (let round = 0; ; round++) {
    for (const questionId of detail.session.questionIds) {
      await call('sessions.event', { sessionId, type: 'focus', questionId });
      let revision = revisions.get(questionId) ?? 0;
      for (let keystroke = 1; keystroke <= 3; keystroke++) {
        await sleep(60);
        await call('sessions.event', { sessionId, type: 'input', questionId });
        const saved = (await call('sessions.saveAnswer', {
          sessionId,
          questionId,
          baseRevision: revision,
          value: `${round}.${keystroke}`,
          notes: `round ${round}`,
        })) as { status: string; answer: { revision: number } };
        if (saved.status !== 'saved') throw new Error('conflict in a single writer');
        revision = saved.answer.revision;
        say({ kind: 'saved', questionId, revision, value: `${round}.${keystroke}` });
      }
      const submitted = (await call('sessions.submit', {
        sessionId,
        questionId,
        baseRevision: revision,
      })) as { answer: { revision: number; value: string } };
      revisions.set(questionId, submitted.answer.revision);
      say({
        kind: 'submitted',
        questionId,
        revision: submitted.answer.revision,
        value: submitted.answer.value,
      });
    }
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
