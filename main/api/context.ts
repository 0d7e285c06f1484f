import type { EventBus } from '../events/bus';
import type { Importer } from '../library/importer';
import type { SecretStore } from '../secrets/secret-store';
import type { Workspace } from '../workspace/workspace';

/** What the host (Electron, web server, CLI) can do that the others cannot. */
export interface Host {
  kind: 'electron' | 'web' | 'cli';
  /** Native open-file dialog; absent outside Electron. Resolves to [] when cancelled. */
  pickFiles?: () => Promise<string[]>;
}

/** Everything a handler may use; built once per workspace by main/services.ts. */
export interface ApiContext {
  workspace: Workspace;
  bus: EventBus;
  host: Host;
  importer: Importer;
  secrets: SecretStore;
  sampleDir: string;
  maxImportBytes: number;
}
