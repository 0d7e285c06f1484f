import type { Database } from 'better-sqlite3';
import { writeTransaction } from '../db/write-transaction';
import { log } from '../log/log';

/**
 * The response cache's writes, one transaction per event-loop turn. Written one by one, each
 * answer was an autocommitted INSERT, fsynced on its own: most of what the cache cost a run
 * (docs/BENCHMARKS.md, "Runs engine: where a question's CPU goes"). Answers that came back in
 * the same turn now share one commit. Until then they are kept here, and a lookup reads them
 * first, so an identical request in the same turn is still a hit.
 *
 * Ordering: a run's items are committed by its ItemCommitter, also on setImmediate, and always
 * after the answer arrived, so an item's cache entry is committed before (or with) the item.
 * Nothing is lost on close (`flush`) or on a process exit, a crash's included (the `exit` hook
 * below); only a kill leaves out the entries of the last turn, and a cache can do without them.
 */
export class CacheWrites<T> {
  private pending = new Map<string, T>();
  private scheduled = false;
  private readonly commit: (entries: readonly (readonly [string, T])[]) => void;

  constructor(
    private readonly db: Database,
    put: (key: string, value: T) => void,
  ) {
    this.commit = writeTransaction(db, (entries: readonly (readonly [string, T])[]) => {
      for (const [key, value] of entries) put(key, value);
    });
  }

  /** An entry not yet committed. */
  get(key: string): T | undefined {
    return this.pending.get(key);
  }

  put(key: string, value: T): void {
    this.pending.set(key, value);
    if (this.scheduled) return;
    this.scheduled = true;
    unflushed.add(this);
    setImmediate(() => this.flush());
  }

  /** Commits what is pending now (idempotent; nothing to do after the database closed). */
  flush(): void {
    this.scheduled = false;
    unflushed.delete(this);
    if (this.pending.size === 0) return;
    const entries = [...this.pending];
    this.pending = new Map();
    if (!this.db.open) return;
    try {
      this.commit(entries);
    } catch (e) {
      // A cache that could not be written (the workspace busy past its timeout, the disk full)
      // costs a repeated call later, not the answer that was given: logged, not thrown.
      log.error('llm-cache-write-failed', e, { entries: entries.length });
    }
  }
}

/** Buffers with entries waiting for their turn's commit, flushed when the process exits. */
const unflushed = new Set<{ flush(): void }>();
process.on('exit', () => {
  for (const w of [...unflushed]) w.flush();
});
