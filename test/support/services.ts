import type { ParseDocument } from '../../main/document/document-service';
import { startServices, type Services } from '../../main/services';
import { tempDir } from './temp-dir';
import { compact } from '../../shared/util/compact';

/** Real services on a fresh temp workspace; `cleanup` closes the DB and deletes the folder. */
export async function tempServices(
  options: { maxImportBytes?: number; host?: 'cli' | 'web'; parse?: ParseDocument } = {},
): Promise<{ services: Services; dir: string; cleanup: () => void }> {
  const t = tempDir('workbench-ws-');
  const services = await startServices({
    workspaceDir: t.dir,
    host: { kind: options.host ?? 'cli' },
    ...compact({ maxImportBytes: options.maxImportBytes, parse: options.parse }),
  });
  return {
    services,
    dir: t.dir,
    cleanup: () => {
      services.close();
      t.cleanup();
    },
  };
}
