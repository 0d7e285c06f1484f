import { createServer } from 'node:net';
import type { Database } from 'better-sqlite3';
import { join } from 'node:path';
import { openDatabase } from '../../../main/db/open';
import { LlmService, type LlmServiceOptions } from '../../../main/llm/llm-service';
import { fileSecretStore, type SecretStore } from '../../../main/secrets/secret-store';
import {
  startOpenAiTestServer,
  type OpenAiTestServer,
  type OpenAiTestServerOptions,
} from '../../support/openai-test-server';
import { tempDir } from '../../support/temp-dir';

export interface LlmFixture {
  server: OpenAiTestServer;
  llm: LlmService;
  db: Database;
  secrets: SecretStore;
  dir: string;
  dbPath: string;
  close(): Promise<void>;
}

/** A real SQLite workspace file, a real secret store and a real test server. */
export async function llmFixture(
  serverOptions: OpenAiTestServerOptions = {},
  serviceOptions: LlmServiceOptions = {},
): Promise<LlmFixture> {
  const t = tempDir('workbench-llm-');
  const dbPath = join(t.dir, 'workbench.sqlite');
  const db = openDatabase(dbPath);
  const secrets = fileSecretStore(t.dir);
  const server = await startOpenAiTestServer(serverOptions);
  // Backoff jitter fixed at none, so waits are predictable.
  const llm = new LlmService(db, secrets, { random: () => 0, ...serviceOptions });
  return {
    server,
    llm,
    db,
    secrets,
    dir: t.dir,
    dbPath,
    close: async () => {
      await server.close();
      db.close();
      t.cleanup();
    },
  };
}

/** A loopback port nothing listens on (bound, then released). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export const user = (content: string) => [{ role: 'user' as const, content }];
