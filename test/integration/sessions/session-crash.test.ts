import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServices } from '../../../main/services';
import { computeClock } from '../../../shared/sessions/clock';
import { repoRoot, runSourceCli } from '../../support/cli';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';
import { tempDir } from '../../support/temp-dir';

interface Line {
  kind: 'started' | 'saved' | 'submitted';
  questionId?: number;
  revision?: number;
  value?: string;
  wallMs: number;
}

describe.skipIf(!hasData)('expert session crash (kill -9 mid-session)', () => {
  const ws = tempDir('workbench-crash-');
  afterAll(() => ws.cleanup());

  it('loses no submitted or saved answer and keeps the active time within 2 s', async () => {
    // The workspace, dataset and session as a user makes them: through the CLI.
    const imported = runSourceCli([
      'import-dataset',
      '--format',
      'tatqa',
      dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json'),
      '--workspace',
      ws.dir,
    ]);
    expect(imported.stderr).toBe('');
    const created = runSourceCli([
      'session',
      'create',
      '--dataset-id',
      '1',
      '--questions',
      '4',
      '--seed',
      '9',
      '--minutes',
      '60',
      '--expert',
      'Crash Tester',
      '--json',
      '--workspace',
      ws.dir,
    ]);
    expect(created.code).toBe(0);
    const { sessionId } = JSON.parse(created.stdout) as { sessionId: number };

    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(__dirname, 'crash-writer.ts'), ws.dir, String(sessionId)],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const lines: Line[] = [];
    let stderr = '';
    let buffered = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    const killWall = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`the writer did not get far enough in 90 s: ${stderr}`));
      }, 90_000);
      child.on('exit', () => {
        clearTimeout(timer);
        if (!child.killed) reject(new Error(`the writer stopped by itself: ${stderr}`));
      });
      child.stdout.on('data', (d: Buffer) => {
        buffered += d.toString();
        const parts = buffered.split('\n');
        buffered = parts.pop() ?? '';
        for (const p of parts) lines.push(JSON.parse(p) as Line);
        const started = lines.find((l) => l.kind === 'started');
        const submits = lines.filter((l) => l.kind === 'submitted').length;
        // Mid-session: past the first round, some time on the clock, between two writes.
        if (started && submits >= 6 && Date.now() - started.wallMs > 3_000 && !child.killed) {
          clearTimeout(timer);
          child.kill('SIGKILL');
          resolve(Date.now());
        }
      });
    });
    expect(await exited).toBe('SIGKILL');

    const services = await startServices({ workspaceDir: ws.dir, host: { kind: 'cli' } });
    try {
      const detail = services.sessions.detail(sessionId);
      const stored = new Map(detail.answers.map((a) => [a.questionId, a]));
      // Each question's last write the writer saw committed is there (or a later one).
      const lastSeen = new Map<number, Line>();
      for (const l of lines) if (l.questionId !== undefined) lastSeen.set(l.questionId, l);
      expect(lastSeen.size).toBe(4);
      for (const [questionId, l] of lastSeen) {
        const a = stored.get(questionId);
        expect(a, `answer to ${questionId}`).toBeDefined();
        expect(a!.revision).toBeGreaterThanOrEqual(l.revision!);
        if (a!.revision === l.revision) {
          expect(a!.value).toBe(l.value);
          expect(a!.submitted).toBe(l.kind === 'submitted');
        }
      }
      const submittedSeen = [...lastSeen.values()].filter((l) => l.kind === 'submitted');
      expect(submittedSeen.length).toBeGreaterThan(0);

      // Active time at the moment of the kill = the writer's own stopwatch since it started.
      const startWall = lines.find((l) => l.kind === 'started')!.wallMs;
      const events = services.workspace.db
        .prepare(
          'SELECT type, question_id AS questionId, at_ms AS atMs FROM session_events WHERE session_id = ? ORDER BY seq',
        )
        .all(sessionId) as { type: 'start'; questionId: number | null; atMs: number }[];
      const atKill = computeClock(events, {
        budgetSeconds: 3600,
        perQuestionCapSeconds: null,
        questionIds: detail.session.questionIds,
        nowMs: killWall,
      });
      const expected = (killWall - startWall) / 1000;
      expect(Math.abs(atKill.activeSeconds - expected)).toBeLessThan(2);
      // Reopened moments later, the clock carries on from there (a gap under 2 min counts).
      const now = (Date.now() - startWall) / 1000;
      expect(Math.abs(detail.clock.activeSeconds - now)).toBeLessThan(2);
      console.log(
        `[crash] killed after ${expected.toFixed(2)} s, ${lines.length} writes seen; clock at kill ${atKill.activeSeconds.toFixed(2)} s; ${submittedSeen.length} questions last seen submitted`,
      );

      // The session goes on: the next save continues from the stored revision.
      const q = detail.session.questionIds[0]!;
      const r = services.sessions.saveAnswer({
        sessionId,
        questionId: q,
        baseRevision: stored.get(q)!.revision,
        value: 'after the crash',
      });
      expect(r.status).toBe('saved');
    } finally {
      services.close();
    }
  }, 180_000);
});

if (!hasData) describe('expert session crash', () => it.skip(noDataMessage, () => {}));
