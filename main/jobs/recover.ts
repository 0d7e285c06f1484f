import type { Database } from 'better-sqlite3';
import { jobsRepo } from '../db/jobs-repo';
import { writeTransaction } from '../db/write-transaction';

/** Whether a process exists. Signal 0 checks without sending anything. */
export function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists but belongs to someone else (still alive, so still maybe running).
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Run when a workspace opens: a job left `running` by a process that no longer exists (killed,
 * crashed, power cut) is marked `interrupted`, so no screen ever shows it as still running.
 * Rows of live processes are left alone: the CLI and the app may share a workspace. Old
 * finished rows are pruned at the same time. Returns how many rows were marked.
 */
export function recoverInterruptedJobs(
  db: Database,
  isAlive: (pid: number) => boolean = processAlive,
): number {
  const repo = jobsRepo(db);
  const now = new Date().toISOString();
  return writeTransaction(db, () => {
    let marked = 0;
    for (const pid of repo.runningPids()) {
      if (!isAlive(pid))
        marked += repo.interruptProcess(
          pid,
          now,
          `interrupted: the process running it (pid ${pid}) ended before the job did`,
        );
    }
    repo.pruneFinished();
    return marked;
  })();
}
