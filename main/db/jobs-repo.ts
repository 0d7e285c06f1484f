import type { Database } from 'better-sqlite3';
import { JobKind, type JobState, type JobSummary, type ProgressUnit } from '../../shared/jobs/job';
import { perConnection } from './per-connection';

interface JobRow {
  id: string;
  kind: string;
  label: string;
  subject: string | null;
  state: JobState;
  done: number;
  total: number;
  unit: ProgressUnit;
  pid: number;
  started_at: string;
  ended_at: string | null;
  message: string | null;
}

const toSummary = (r: JobRow): JobSummary => ({
  jobId: r.id,
  // A kind this version does not know cannot be written by it; a newer app's database is
  // refused before anything reads it. Parsing still keeps a bad row from reaching the API.
  kind: JobKind.parse(r.kind),
  label: r.label,
  subject: r.subject,
  state: r.state,
  done: r.done,
  total: r.total,
  unit: r.unit,
  startedAt: r.started_at,
  endedAt: r.ended_at,
  message: r.message,
});

export interface JobStart {
  id: string;
  kind: JobKind;
  label: string;
  subject: string | null;
  unit: ProgressUnit;
  pid: number;
  startedAt: string;
}

export interface JobEnding {
  state: Exclude<JobState, 'running'>;
  done: number;
  total: number;
  unit: ProgressUnit;
  endedAt: string;
  message: string | null;
}

/** Finished rows kept; older ones are dropped when a workspace opens. */
export const KEEP_FINISHED_JOBS = 1000;

/** All SQL touching `jobs`. */
export const jobsRepo = perConnection((db: Database) => {
  const insert = db.prepare<[string, string, string, string | null, string, number, string]>(
    "INSERT INTO jobs (id, kind, label, subject, state, unit, pid, started_at) VALUES (?, ?, ?, ?, 'running', ?, ?, ?)",
  );
  // Only a running row ends: a row already marked interrupted by another process stays so.
  const finish = db.prepare<[string, number, number, string, string, string | null, string]>(
    "UPDATE jobs SET state = ?, done = ?, total = ?, unit = ?, ended_at = ?, message = ? WHERE id = ? AND state = 'running'",
  );
  const byId = db.prepare<[string], JobRow>('SELECT * FROM jobs WHERE id = ?');
  const recent = db.prepare<[number], JobRow>('SELECT * FROM jobs ORDER BY rowid DESC LIMIT ?');
  const runningPids = db.prepare<[], { pid: number }>(
    "SELECT DISTINCT pid FROM jobs WHERE state = 'running'",
  );
  const interrupt = db.prepare<[string, string, number]>(
    "UPDATE jobs SET state = 'interrupted', ended_at = ?, message = ? WHERE state = 'running' AND pid = ?",
  );
  const prune = db.prepare<[number]>(
    "DELETE FROM jobs WHERE state <> 'running' AND rowid NOT IN (SELECT rowid FROM jobs WHERE state <> 'running' ORDER BY rowid DESC LIMIT ?)",
  );

  return {
    start(j: JobStart): void {
      insert.run(j.id, j.kind, j.label, j.subject, j.unit, j.pid, j.startedAt);
    },
    /** Records how a job ended; false when the row was no longer running. */
    finish(id: string, e: JobEnding): boolean {
      return finish.run(e.state, e.done, e.total, e.unit, e.endedAt, e.message, id).changes > 0;
    },
    get(id: string): JobSummary | undefined {
      const r = byId.get(id);
      return r && toSummary(r);
    },
    recent(limit: number): JobSummary[] {
      return recent.all(limit).map(toSummary);
    },
    /** Processes that own running rows. */
    runningPids(): number[] {
      return runningPids.all().map((r) => r.pid);
    },
    /** Marks every running row of a process as interrupted; returns how many. */
    interruptProcess(pid: number, endedAt: string, message: string): number {
      return interrupt.run(endedAt, message, pid).changes;
    },
    pruneFinished(keep = KEEP_FINISHED_JOBS): number {
      return prune.run(keep).changes;
    },
  };
});
