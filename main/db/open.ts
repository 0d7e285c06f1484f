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
  const nativeBinding = options.nativeBinding ?? process.env.WORKBENCH_SQLITE_BINDING;
  let db: Database.Database | undefined;
  try {
    db = new Database(path, nativeBinding ? { nativeBinding } : {});
    // Refuse a newer schema before anything writes (switching to WAL rewrites the header).
    refuseNewerSchema(db);
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
  } catch (e) {
    db?.close();
    throw asWorkspaceError(e, path);
  }
  try {
    migrate(db);
  } catch (e) {
    db.close();
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
