import type { Database, Transaction } from 'better-sqlite3';

/**
 * The one way main/ opens a transaction that writes. A workspace is shared by processes (the
 * app, the CLI, a second CLI), and SQLite's default DEFERRED transaction takes the write lock
 * only at its first write: if another process commits between this transaction's first read
 * and its first write, SQLite answers SQLITE_BUSY at once, without waiting out busy_timeout
 * (its snapshot is stale, so waiting could not help). BEGIN IMMEDIATE takes the write lock
 * first, so the transaction waits its turn (busy_timeout) and then sees the latest data.
 * Called inside another transaction it becomes a savepoint, as better-sqlite3 does for any kind.
 */
export function writeTransaction<F extends (...params: never[]) => unknown>(
  db: Database,
  fn: F,
): Transaction<F>['immediate'] {
  const tx = db.transaction(fn);
  return (...args) => tx.immediate(...args);
}
