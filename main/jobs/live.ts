import type { JobKind } from '../../shared/jobs/job';

/**
 * Everything cancellable running in this process: worker threads (run-in-worker.ts) and tracked
 * jobs (job-runner.ts). Process-wide on purpose: Ctrl-C in the CLI must stop whatever runs,
 * whichever service started it, and tests count workers of a kind to prove they are gone.
 */
export interface LiveEntry {
  kind: JobKind;
  what: 'worker' | 'job';
  cancel(reason: string): void;
  /** Resolves once the entry is gone (worker terminated; job's row written). */
  settled: Promise<void>;
}

const live = new Set<LiveEntry>();

/** Registers an entry until `settled`; returns the entry for convenience. */
export function track(entry: LiveEntry): LiveEntry {
  live.add(entry);
  void entry.settled.finally(() => live.delete(entry));
  return entry;
}

/** Worker threads of a kind (or all) not yet terminated. */
export const liveWorkerCount = (kind?: JobKind): number =>
  [...live].filter((e) => e.what === 'worker' && (kind === undefined || e.kind === kind)).length;

/** Cancels everything running in this process and waits until each has stopped. */
export async function cancelAllJobs(reason: string): Promise<void> {
  const entries = [...live];
  for (const e of entries) e.cancel(reason);
  await Promise.all(entries.map((e) => e.settled));
}

let refusing: string | undefined;

/**
 * For a process that is about to exit (Ctrl-C in the CLI): cancels everything running and
 * refuses every job started afterwards (a command looping over files must not start the next).
 */
export async function stopAllJobs(reason: string): Promise<void> {
  refusing = reason;
  await cancelAllJobs(reason);
}

/** Why new jobs are refused in this process, if they are. */
export const refusingJobs = (): string | undefined => refusing;
