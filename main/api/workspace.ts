import { documentsRepo } from '../db/documents-repo';
import { schemaVersion } from '../db/migrate';
import { log } from '../log/log';
import type { HandlerMap } from './registry';

export const workspaceHandlers: HandlerMap = {
  'workspace.info': (_input, { workspace, host, maxImportBytes }) => {
    const totals = documentsRepo(workspace.db).totals();
    return {
      dir: workspace.dir,
      dbPath: workspace.dbPath,
      filesDir: workspace.files.dir,
      schemaVersion: schemaVersion(workspace.db),
      documentCount: totals.count,
      storedBytes: totals.bytes,
      host: host.kind,
      maxImportBytes,
      logFile: workspace.logFile,
    };
  },
  'workspace.reportFailure': (failure, { workspace, host }) => {
    log.error('screen failed', undefined, { ...failure, host: host.kind });
    return { logFile: workspace.logFile };
  },
};
