import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../../shared/library/document';
import type { JobSummary } from '../../../shared/jobs/job';
import { sampleDir } from '../../../main/app-paths';
import { startServices } from '../../../main/services';
import { writeRepeatedFiling } from '../../support/big-filing';
import { tempDir } from '../../support/temp-dir';

const sampleFiling = join(sampleDir(), 'northwind-instruments-10-k-2025.html');

const rowState = (dbPath: string, id: string) => {
  const db = new Database(dbPath, { readonly: true });
  try {
    return db
      .prepare<[string], { state: string; pid: number }>('SELECT state, pid FROM jobs WHERE id = ?')
      .get(id);
  } finally {
    db.close();
  }
};

async function listJobs(dir: string): Promise<JobSummary[]> {
  const services = await startServices({ workspaceDir: dir, host: { kind: 'cli' } });
  try {
    const r = await services.registry.call('jobs.list', {});
    if (!r.ok) throw new Error(r.error.message);
    return (r.value as { jobs: JobSummary[] }).jobs;
  } finally {
    services.close();
  }
}

describe('a restart shows jobs of a dead process as interrupted, never as running', () => {
  const ws = tempDir('workbench-jobs-');
  let docId: number;

  beforeAll(async () => {
    const path = join(ws.dir, 'big-10k.htm');
    await writeRepeatedFiling(sampleFiling, path, 15);
    const services = await startServices({ workspaceDir: ws.dir, host: { kind: 'cli' } });
    const r = await services.registry.call('library.importPaths', { paths: [path] });
    services.close();
    const item = r.ok ? (r.value as ImportReport).items[0] : undefined;
    if (!item?.ok) throw new Error(`import failed: ${JSON.stringify(r)}`);
    docId = item.document.id;
  });
  afterAll(() => ws.cleanup());

  it('a process killed mid-parse leaves its row running; reopening marks it interrupted', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(__dirname, 'hold-parse-child.ts'), ws.dir, String(docId)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const lines = createInterface({ input: child.stdout });
    let jobId: string | undefined;
    for await (const line of lines) {
      const m = /^running (\S+)$/.exec(line);
      if (m) {
        jobId = m[1];
        break;
      }
    }
    expect(jobId).toBeDefined();
    child.kill('SIGKILL');
    await once(child, 'exit');

    const dbPath = join(ws.dir, 'workbench.sqlite');
    // The dead process could not say anything: its row still claims to be running...
    expect(rowState(dbPath, jobId!)).toEqual({ state: 'running', pid: child.pid });
    // ...until the workspace opens again.
    const jobs = await listJobs(ws.dir);
    const job = jobs.find((j) => j.jobId === jobId);
    expect(job).toMatchObject({
      kind: 'parse',
      label: 'big-10k.htm',
      state: 'interrupted',
      message: `interrupted: the process running it (pid ${child.pid}) ended before the job did`,
    });
    expect(job?.endedAt).not.toBeNull();
    expect(jobs.some((j) => j.state === 'running')).toBe(false);
  });

  it("a running row of a live process is left alone (the CLI and the app share workspaces), and can't be cancelled from here", async () => {
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    await once(sleeper, 'spawn');
    const dbPath = join(ws.dir, 'workbench.sqlite');
    const db = new Database(dbPath);
    db.prepare(
      "INSERT INTO jobs (id, kind, label, state, unit, pid, started_at) VALUES ('other-process', 'parse', 'x.htm', 'running', 'percent', ?, ?)",
    ).run(sleeper.pid, new Date().toISOString());
    db.close();

    const services = await startServices({ workspaceDir: ws.dir, host: { kind: 'cli' } });
    try {
      expect(rowState(dbPath, 'other-process')?.state).toBe('running');
      expect(await services.registry.call('jobs.cancel', { jobId: 'other-process' })).toEqual({
        ok: false,
        error: {
          code: 'unsupported',
          message: 'job other-process (x.htm) runs in another process; cancel it there',
        },
      });
    } finally {
      services.close();
    }
    sleeper.kill('SIGKILL');
    await once(sleeper, 'exit');
    expect((await listJobs(ws.dir)).find((j) => j.jobId === 'other-process')?.state).toBe(
      'interrupted',
    );
  });

  it('closing the workspace while a job runs marks it interrupted at once', async () => {
    const services = await startServices({ workspaceDir: ws.dir, host: { kind: 'cli' } });
    // Not cached: the killed child never finished its parse, so this parses again.
    const open = services.registry.call('document.open', { id: docId });
    await new Promise<void>((resolve) => {
      const stop = services.bus.subscribe((name) => {
        if (name === 'job.progress') {
          stop();
          resolve();
        }
      });
    });
    services.close();
    expect(await open).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    const jobs = await listJobs(ws.dir);
    expect(jobs[0]).toMatchObject({
      state: 'interrupted',
      message: 'interrupted: the workspace was closed while it ran',
    });
  });
});
