import type { Database } from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { WorkbenchError } from '../../shared/api/result';
import type { JobKind, JobState, JobSummary, ProgressUnit } from '../../shared/jobs/job';
import { jobsRepo } from '../db/jobs-repo';
import type { EventBus } from '../events/bus';
import { refusingJobs, track } from './live';

export interface JobSpec {
  kind: JobKind;
  /** What the user sees, e.g. the file name. */
  label: string;
  /** What the job works on, so a screen can find its job (shared/jobs/job.ts). */
  subject?: string;
  /** The first progress shown, before the work reports any (default 0 of 100 percent). */
  total?: number;
  unit?: ProgressUnit;
}

/** What the work gets: its id, a signal that aborts on cancel, and a progress reporter. */
export interface RunningJob {
  readonly id: string;
  readonly signal: AbortSignal;
  progress(done: number, total: number, unit: ProgressUnit): void;
}

/** How long `cancel` waits for the job to stop before answering (worker jobs stop in ms). */
const CANCEL_WAIT_MS = 2000;
/** Ended jobs remembered without a database (the CLI's `ingest` has no workspace). */
const KEEP_IN_MEMORY = 100;

interface Active {
  job: JobSummary;
  controller: AbortController;
  ended: Promise<void>;
}

export interface JobRunnerOptions {
  /** Where `job.progress` events go (the API's event bus). */
  bus?: EventBus;
  /** The workspace database: jobs get rows (`jobs` table) that survive the process. */
  db?: Database;
}

/**
 * Tracks long work as jobs: an id, `job.progress` events from start to end (state running,
 * then done, failed or cancelled), a row in the `jobs` table, and cancel by id. The work itself
 * usually runs in a worker thread through runInWorker, given the job's signal, so cancelling
 * terminates the thread. Every tracked job is also registered process-wide (live.ts) so Ctrl-C
 * in the CLI cancels it.
 */
export class JobRunner {
  private readonly active = new Map<string, Active>();
  private readonly ended: JobSummary[] = [];
  private db: Database | undefined;

  constructor(private readonly options: JobRunnerOptions = {}) {
    this.db = options.db;
  }

  async run<R>(spec: JobSpec, work: (job: RunningJob) => Promise<R>): Promise<R> {
    const job: JobSummary = {
      jobId: randomUUID(),
      kind: spec.kind,
      label: spec.label,
      subject: spec.subject ?? null,
      state: 'running',
      done: 0,
      total: spec.total ?? 100,
      unit: spec.unit ?? 'percent',
      startedAt: new Date().toISOString(),
      endedAt: null,
      message: null,
    };
    if (this.db)
      jobsRepo(this.db).start({
        id: job.jobId,
        kind: job.kind,
        label: job.label,
        subject: job.subject,
        unit: job.unit,
        pid: process.pid,
        startedAt: job.startedAt,
      });
    const controller = new AbortController();
    // A process stopping (Ctrl-C) starts nothing new; the job still gets its row and events.
    const refused = refusingJobs();
    if (refused !== undefined) controller.abort(refused);
    let markEnded!: () => void;
    const ended = new Promise<void>((resolve) => (markEnded = resolve));
    this.active.set(job.jobId, { job, controller, ended });
    track({
      kind: job.kind,
      what: 'job',
      cancel: (reason) => controller.abort(reason),
      settled: ended,
    });
    this.emit(job);
    try {
      const result = await work({
        id: job.jobId,
        signal: controller.signal,
        progress: (done, total, unit) => {
          if (job.state !== 'running') return;
          Object.assign(job, { done, total, unit });
          this.emit(job);
        },
      });
      this.end(job, 'done', null);
      return result;
    } catch (e) {
      // Work that was cancelled rejects with its own domain's error; the signal says why.
      this.end(job, controller.signal.aborted ? 'cancelled' : 'failed', messageOf(e));
      throw e;
    } finally {
      this.active.delete(job.jobId);
      markEnded();
    }
  }

  /**
   * Asks a running job to stop and waits (briefly) until it has. Answers the job's state then:
   * `cancelled`, or how it had already ended, or `running` if it has not stopped yet.
   */
  async cancel(jobId: string): Promise<JobState> {
    const a = this.active.get(jobId);
    if (a) {
      a.controller.abort('cancelled');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        a.ended,
        new Promise<void>((resolve) => (timer = setTimeout(resolve, CANCEL_WAIT_MS))),
      ]);
      clearTimeout(timer);
      return a.job.state;
    }
    const known = this.find(jobId);
    if (!known) throw new WorkbenchError('not-found', `no job ${jobId} in this workspace`);
    if (known.state === 'running')
      throw new WorkbenchError(
        'unsupported',
        `job ${jobId} (${known.label}) runs in another process; cancel it there`,
      );
    return known.state;
  }

  /** Recent jobs, newest first; running ones of this process with their live progress. */
  list(limit = 50): JobSummary[] {
    const rows = this.db
      ? jobsRepo(this.db).recent(limit)
      : [...this.active.values()].map((a) => a.job).concat(this.ended.slice().reverse());
    return rows.slice(0, limit).map((r) => ({ ...(this.active.get(r.jobId)?.job ?? r) }));
  }

  /**
   * The workspace is closing: running jobs are cancelled and their rows marked interrupted
   * now, synchronously, while the database is still open (their work ends after it closes).
   */
  close(): void {
    const db = this.db;
    this.db = undefined;
    const now = new Date().toISOString();
    for (const { job, controller } of this.active.values()) {
      if (db)
        jobsRepo(db).finish(job.jobId, {
          ...job,
          state: 'interrupted',
          endedAt: now,
          message: 'interrupted: the workspace was closed while it ran',
        });
      controller.abort('the workspace was closed');
    }
  }

  private find(jobId: string): JobSummary | undefined {
    return this.db ? jobsRepo(this.db).get(jobId) : this.ended.find((j) => j.jobId === jobId);
  }

  private end(job: JobSummary, state: 'done' | 'failed' | 'cancelled', message: string | null) {
    // A finished job is complete whatever its last report said (a parse reports up to 92 %).
    if (state === 'done') job.done = job.total;
    Object.assign(job, { state, message, endedAt: new Date().toISOString() });
    if (this.db) jobsRepo(this.db).finish(job.jobId, { ...job, state, endedAt: job.endedAt! });
    else {
      this.ended.push({ ...job });
      if (this.ended.length > KEEP_IN_MEMORY) this.ended.shift();
    }
    this.emit(job);
  }

  private emit(job: JobSummary): void {
    if (job.state === 'interrupted') return;
    this.options.bus?.emit('job.progress', {
      jobId: job.jobId,
      kind: job.kind,
      label: job.label,
      subject: job.subject,
      state: job.state,
      done: job.done,
      total: job.total,
      unit: job.unit,
      ...(job.message !== null ? { message: job.message } : {}),
    });
  }
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
