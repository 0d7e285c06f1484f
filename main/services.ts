import { sampleDir } from './app-paths';
import { allHandlers } from './api/handlers';
import type { ApiContext, Host } from './api/context';
import { createRegistry, type Registry } from './api/registry';
import { DocumentService, type ParseDocument } from './document/document-service';
import { parseInWorker } from './document/parse-in-worker';
import { EventBus } from './events/bus';
import { Importer } from './library/importer';
import { fileSecretStore, type SecretCipher } from './secrets/secret-store';
import { openWorkspace, type Workspace } from './workspace/workspace';

export const DEFAULT_MAX_IMPORT_BYTES = 512 * 1024 * 1024;

export interface ServicesOptions {
  workspaceDir: string;
  host: Host;
  maxImportBytes?: number;
  secretCipher?: SecretCipher;
  nativeBinding?: string;
  /** False for read-only commands: no sweeping of another process's files (main/workspace). */
  housekeeping?: boolean;
  /** Tests may swap the parser (e.g. a short timeout); the product parses in a worker. */
  parse?: ParseDocument;
}

export interface Services {
  workspace: Workspace;
  bus: EventBus;
  registry: Registry;
  close(): void;
}

/** Wires one workspace to the API. Each host (Electron, web, CLI) calls this once. */
export async function startServices(options: ServicesOptions): Promise<Services> {
  const workspace = await openWorkspace(options.workspaceDir, {
    nativeBinding: options.nativeBinding,
    housekeeping: options.housekeeping,
  });
  const bus = new EventBus();
  const maxImportBytes = options.maxImportBytes ?? envMaxImportBytes() ?? DEFAULT_MAX_IMPORT_BYTES;
  const ctx: Omit<ApiContext, 'registry'> & { registry?: Registry } = {
    workspace,
    bus,
    host: options.host,
    importer: new Importer(workspace, { maxBytes: maxImportBytes, bus }),
    documents: new DocumentService(workspace, bus, options.parse ?? parseInWorker()),
    secrets: fileSecretStore(workspace.dir, options.secretCipher),
    sampleDir: sampleDir(),
    maxImportBytes,
  };
  const registry = createRegistry(allHandlers, ctx as ApiContext);
  ctx.registry = registry;
  return { workspace, bus, registry, close: () => workspace.close() };
}

function envMaxImportBytes(): number | undefined {
  const mb = Number(process.env.WORKBENCH_MAX_IMPORT_MB);
  return Number.isFinite(mb) && mb > 0 ? Math.round(mb * 1024 * 1024) : undefined;
}
