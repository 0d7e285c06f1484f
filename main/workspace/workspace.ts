import type { Database } from 'better-sqlite3';
import { accessSync, constants, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { WorkbenchError } from '../../shared/api/result';
import { openDatabase, type OpenOptions } from '../db/open';
import { parseCacheRepo } from '../db/parse-cache-repo';
import { recoverInterruptedJobs } from '../jobs/recover';
import { openWorkspaceLog, type WorkspaceLog } from '../log/log';
import { FileStore } from './file-store';
import { HOUSEKEEPING_GRACE_MS } from './housekeeping';
import { ParseCache } from './parse-cache';

export interface Workspace {
  dir: string;
  dbPath: string;
  db: Database;
  files: FileStore;
  models: ParseCache;
  /** `logs/workbench.log`; null when opened read-only (nothing written, the log on stderr). */
  logFile: string | null;
  close(): void;
}

export interface WorkspaceOptions extends OpenOptions {
  /**
   * Sweep crash leftovers older than HOUSEKEEPING_GRACE_MS (default true). Read-only commands
   * (`workspace info`) pass false and leave every file as they found it.
   */
  housekeeping?: boolean | undefined;
}

/**
 * A workspace is a folder: `workbench.sqlite` (the data), `files/` (imported originals by
 * hash), `models/` (parsed models, a cache) and `logs/` (main/log). Opening creates it when
 * missing and migrates it; an unwritable folder or a database from a newer app version is
 * refused with a WorkbenchError saying which.
 */
export async function openWorkspace(
  dirArg: string,
  options: WorkspaceOptions = {},
): Promise<Workspace> {
  const dir = resolve(dirArg);
  const filesDir = join(dir, 'files');
  try {
    mkdirSync(filesDir, { recursive: true });
    accessSync(dir, constants.W_OK);
    accessSync(filesDir, constants.W_OK);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    const code =
      err.code === 'ENOTDIR' || err.code === 'EEXIST'
        ? 'workspace-unavailable'
        : 'workspace-readonly';
    throw new WorkbenchError(code, `cannot use ${dir} as a workspace: ${err.message}`);
  }
  const dbPath = join(dir, 'workbench.sqlite');
  const db = openDatabase(dbPath, options);
  // Jobs left `running` by a process that died show as interrupted, never as running.
  recoverInterruptedJobs(db);
  const files = new FileStore(filesDir);
  const models = new ParseCache(join(dir, 'models'));
  let log: WorkspaceLog | null = null;
  if (options.housekeeping !== false) {
    log = openWorkspaceLog(dir);
    await files.sweepIncoming(HOUSEKEEPING_GRACE_MS);
    await models.sweep(parseCacheRepo(db).files(), HOUSEKEEPING_GRACE_MS);
  }
  return {
    dir,
    dbPath,
    db,
    files,
    models,
    logFile: log?.file ?? null,
    close: () => {
      db.close();
      log?.close();
    },
  };
}
