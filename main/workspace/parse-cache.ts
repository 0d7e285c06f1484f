import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { syncDir } from './durable';
import { join } from 'node:path';
import { removeStale } from './housekeeping';

/**
 * Parsed models as JSON files beside the database (`models/<document id>-p<parser>.json`),
 * read and written with asynchronous file I/O. Kept out of SQLite on purpose: better-sqlite3 is
 * synchronous, and storing or reading a 300 MB filing's 159 MB model there stalled the main
 * thread (and so the API) for one to two seconds each time. The `document_models` row says
 * which file is current; a file without a row is an orphan and is swept, a row whose file is
 * gone or has the wrong size is a cache miss, so nothing here can serve a wrong model.
 */
export class ParseCache {
  constructor(readonly dir: string) {}

  fileFor(documentId: number, parserVersion: number): string {
    return `${documentId}-p${parserVersion}.json`;
  }

  /**
   * Written under a temporary name, flushed, and renamed into place: a crash or power cut leaves
   * no half file under the committed name.
   */
  async write(documentId: number, parserVersion: number, json: Uint8Array): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const file = this.fileFor(documentId, parserVersion);
    const temp = join(this.dir, `.${randomUUID()}.tmp`);
    await writeFile(temp, json, { flush: true });
    await rename(temp, join(this.dir, file));
    await syncDir(this.dir);
    return file;
  }

  /** The file's bytes, or null when it is missing or not `expectedBytes` long. */
  async read(file: string, expectedBytes: number): Promise<Buffer | null> {
    try {
      const bytes = await readFile(join(this.dir, file));
      return bytes.byteLength === expectedBytes ? bytes : null;
    } catch {
      return null;
    }
  }

  /** Every model file of one document (all parser versions). */
  async removeDocument(documentId: number): Promise<void> {
    const prefix = `${documentId}-p`;
    for (const name of await this.names()) {
      if (name.startsWith(prefix)) await rm(join(this.dir, name), { force: true });
    }
  }

  /**
   * Deletes files no row points at, once older than `graceMs`: temporaries of a crashed write,
   * models of old parsers (a younger file may be another process's write in progress). Best
   * effort: a read-only workspace keeps its orphans and still opens.
   */
  async sweep(current: ReadonlySet<string>, graceMs: number): Promise<void> {
    await removeStale(this.dir, graceMs, (name) => current.has(name));
  }

  private async names(): Promise<string[]> {
    try {
      return await readdir(this.dir);
    } catch {
      return [];
    }
  }
}
