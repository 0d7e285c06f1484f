import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../main/db/open';
import { jobsRepo } from '../../../main/db/jobs-repo';
import { recoverInterruptedJobs } from '../../../main/jobs/recover';
import { tempDir } from '../../support/temp-dir';

// A CI run once failed with "database is locked" when two `workbench grade` processes opened
// one workspace together: each one's recovery read the jobs table and then wrote to it, and
// the other's commit in between made SQLite refuse the upgrade at once (SQLITE_BUSY_SNAPSHOT,
// which busy_timeout never waits out). Here the other process's write lands exactly in that gap.
describe('a write transaction while another process writes to the same workspace', () => {
  it('takes the write lock before it reads, so the other writer waits and recovery still commits', () => {
    const t = tempDir('write-transaction-');
    try {
      const path = join(t.dir, 'workbench.sqlite');
      const db = openDatabase(path);
      const deadPid = 2 ** 22 + 12345; // beyond Linux's pid_max: no such process
      jobsRepo(db).start({
        id: 'j1',
        kind: 'parse',
        label: 'left running by a killed process',
        subject: null,
        unit: 'percent',
        pid: deadPid,
        startedAt: new Date().toISOString(),
      });
      // The other process: its own connection, not waiting at all for a lock.
      const other = new Database(path);
      other.pragma('busy_timeout = 0');
      let otherWrote: boolean | undefined;
      const marked = recoverInterruptedJobs(db, () => {
        try {
          other.prepare("UPDATE jobs SET label = 'touched by another process'").run();
          otherWrote = true;
        } catch (e) {
          expect((e as { code?: string }).code).toMatch(/^SQLITE_BUSY/);
          otherWrote = false;
        }
        return false;
      });
      expect(marked).toBe(1);
      // The other writer found the lock taken (and, waiting as the app does, would have queued).
      expect(otherWrote).toBe(false);
      expect(jobsRepo(db).runningPids()).toEqual([]);
      // Once the transaction is over, the other process writes as usual.
      expect(other.prepare("UPDATE jobs SET label = 'later'").run().changes).toBe(1);
      other.close();
      db.close();
    } finally {
      t.cleanup();
    }
  });
});
