import { chmod, readFile, rename, writeFile } from 'node:fs/promises';
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
  remove(name: string): Promise<boolean>;
}

/**
 * Secrets are kept in main only, in a file next to (never inside) the SQLite database, so
 * exports and DB copies cannot carry them. The file is written 0600 and replaced atomically.
 */
export function fileSecretStore(
  workspaceDir: string,
  cipher: SecretCipher = plainFileCipher,
): SecretStore {
  const path = join(
    workspaceDir,
    cipher.backend === 'file' ? 'secrets.json' : 'secrets.safestorage.json',
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
    const tmp = `${path}.tmp`;
    await writeFile(tmp, JSON.stringify(all, null, 2), { mode: 0o600 });
    await chmod(tmp, 0o600);
    await rename(tmp, path);
  }

  return {
    backend: cipher.backend,
    list: async () => Object.keys(await load()).sort(),
    get: async (name) => {
      const stored = (await load())[name];
      return stored === undefined ? undefined : cipher.decrypt(Buffer.from(stored, 'base64'));
    },
    set: async (name, value) => {
      const all = await load();
      all[name] = cipher.encrypt(value).toString('base64');
      await save(all);
    },
    remove: async (name) => {
      const all = await load();
      if (!(name in all)) return false;
      delete all[name];
      await save(all);
      return true;
    },
  };
}
