import { randomBytes } from 'node:crypto';
import { open, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Turns a secret into bytes at rest and back. Electron supplies safeStorage (OS keychain). */
export interface SecretCipher {
  backend: 'safeStorage' | 'file';
  encrypt(plain: string): Buffer;
  decrypt(stored: Buffer): string;
}

export const plainFileCipher: SecretCipher = {
  backend: 'file',
  encrypt: (plain) => Buffer.from(plain, 'utf8'),
  decrypt: (stored) => stored.toString('utf8'),
};

export interface SecretStore {
  backend: SecretCipher['backend'];
  list(): Promise<string[]>;
  get(name: string): Promise<string | undefined>;
  set(name: string, value: string): Promise<void>;
  /**
   * The stored value, or `make()` stored and answered when there is none: one read-modify-write
   * under the lock, so two processes asking at once end with the same value.
   */
  getOrSet(name: string, make: () => string): Promise<string>;
  remove(name: string): Promise<boolean>;
}

/**
 * Secrets are kept in main only, in a file next to (never inside) the SQLite database, so
 * exports and DB copies cannot carry them. Every change is a read-modify-write of the whole
 * file under a lock (one queue per file in this process, and a lock file between processes:
 * the desktop app, web mode and the CLI may share a workspace), written 0600 under a unique
 * temporary name, flushed and renamed over the file: an acknowledged write is never lost and a
 * reader never sees half a file.
 */
export function fileSecretStore(
  workspaceDir: string,
  cipher: SecretCipher = plainFileCipher,
  /**
   * The file's base name: `secrets` for API keys (the `secrets.*` API); another store (the
   * expert signing key, main/sessions/expert-identity.ts) keeps its own file, out of that API.
   */
  file = 'secrets',
): SecretStore {
  const path = join(
    workspaceDir,
    cipher.backend === 'file' ? `${file}.json` : `${file}.safestorage.json`,
  );

  async function load(): Promise<Record<string, string>> {
    try {
      return JSON.parse(await readFile(path, 'utf8')) as Record<string, string>;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw e;
    }
  }
  async function save(all: Record<string, string>): Promise<void> {
    const tmp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      const handle = await open(tmp, 'wx', 0o600);
      try {
        await handle.chmod(0o600); // in case the umask took bits away
        await handle.writeFile(JSON.stringify(all, null, 2));
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(tmp, path);
    } catch (e) {
      await rm(tmp, { force: true });
      throw e;
    }
  }
  return {
    backend: cipher.backend,
    list: async () => Object.keys(await load()).sort(),
    get: async (name) => {
      const stored = (await load())[name];
      return stored === undefined ? undefined : cipher.decrypt(Buffer.from(stored, 'base64'));
    },
    set: (name, value) =>
      withFileLock(path, async () => {
        const all = await load();
        all[name] = cipher.encrypt(value).toString('base64');
        await save(all);
      }),
    getOrSet: (name, make) =>
      withFileLock(path, async () => {
        const all = await load();
        const stored = all[name];
        if (stored !== undefined) return cipher.decrypt(Buffer.from(stored, 'base64'));
        const value = make();
        all[name] = cipher.encrypt(value).toString('base64');
        await save(all);
        return value;
      }),
    remove: (name) =>
      withFileLock(path, async () => {
        const all = await load();
        if (!(name in all)) return false;
        delete all[name];
        await save(all);
        return true;
      }),
  };
}

/** Tails of the per-file queues in this process (two stores on one file share one). */
const queues = new Map<string, Promise<unknown>>();

/** A lock file older than this is left from a crashed process (a write takes milliseconds). */
const STALE_LOCK_MS = 10_000;
const LOCK_WAIT_MS = 15_000;

/** Runs `task` after every earlier task on `path` in this process, holding `path.lock`. */
async function withFileLock<T>(path: string, task: () => Promise<T>): Promise<T> {
  const previous = queues.get(path) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => holdingLockFile(`${path}.lock`, task));
  queues.set(path, run);
  try {
    return await run;
  } finally {
    if (queues.get(path) === run) queues.delete(path);
  }
}

async function holdingLockFile<T>(lock: string, task: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (let delay = 2; ; delay = Math.min(delay * 2, 50)) {
    try {
      await (await open(lock, 'wx', 0o600)).close();
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const age = await stat(lock).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (age > STALE_LOCK_MS) await rm(lock, { force: true });
      else if (Date.now() > deadline) {
        throw new Error(`${lock} is held by another process; try again`);
      } else await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  try {
    return await task();
  } finally {
    await rm(lock, { force: true });
  }
}
