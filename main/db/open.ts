import Database from 'better-sqlite3';
import { WorkbenchError } from '../../shared/api/result';
import { migrate, refuseNewerSchema } from './migrate';

export interface OpenOptions {
  /**
   * Path to a better_sqlite3.node built for the running runtime. Electron sets it (through
   * WORKBENCH_SQLITE_BINDING) to a copy built for Electron's ABI so that node_modules keeps the
   * Node build that `npm test` and the CLI use.
   */
  nativeBinding?: string | undefined;
}

export function openDatabase(path: string, options: OpenOptions = {}): Database.Database {
  const deadline = Date.now() + OPEN_BUSY_WAIT_MS;
  for (;;) {
    try {
      return openOnce(path, options);
    } catch (e) {
      if (!isBusy(e)) throw e;
      if (Date.now() >= deadline)
        throw new WorkbenchError(
          'workspace-unavailable',
          `${path} stayed locked by another process for ${OPEN_BUSY_WAIT_MS / 1000} s: ${(e as Error).message}`,
        );
      sleepSync(20 + Math.random() * 30);
    }
  }
}

/**
 * How long an open keeps retrying while SQLite answers SQLITE_BUSY without waiting. In WAL mode
 * a few moments skip the busy handler (sqlite.org/wal.html, "Sometimes queries return
 * SQLITE_BUSY"): the last connection of another process cleaning up the WAL as it closes, or
 * recovering it after a crash. Two CLI commands on a fresh workspace met exactly that.
 */
const OPEN_BUSY_WAIT_MS = 10_000;

function isBusy(e: unknown): boolean {
  return /^SQLITE_BUSY/.test((e as { code?: unknown }).code as string);
}

// A synchronous pause: openDatabase is synchronous, as better-sqlite3 is.
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function openOnce(path: string, options: OpenOptions): Database.Database {
  const nativeBinding = options.nativeBinding ?? process.env.WORKBENCH_SQLITE_BINDING;
  let db: Database.Database | undefined;
  try {
    db = new Database(path, nativeBinding ? { nativeBinding } : {});
    // Refuse a newer schema before anything writes (switching to WAL rewrites the header).
    refuseNewerSchema(db);
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db);
  } catch (e) {
    db?.close();
    throw asWorkspaceError(e, path);
  }
  return db;
}

/** Maps the ways SQLite says "cannot write here" onto one clear workspace error. */
export function asWorkspaceError(e: unknown, path: string): unknown {
  if (e instanceof WorkbenchError) return e;
  const code = (e as { code?: string }).code ?? '';
  if (/READONLY|CANTOPEN|PERM|EACCES|EROFS/.test(code)) {
    return new WorkbenchError(
      'workspace-readonly',
      `cannot write the workspace database ${path}: ${(e as Error).message}`,
    );
  }
  return e;
}
