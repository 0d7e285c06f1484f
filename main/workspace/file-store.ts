import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { syncDir, syncFile } from './durable';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { removeStale } from './housekeeping';

/**
 * Imported originals, stored once each under their SHA-256. Files are first written to
 * `.incoming/` and only renamed into place by the caller's commit step, so a crash never
 * leaves a half-written blob under a real hash.
 */
export interface StagedFile {
  tempPath: string;
  sha256: string;
  size: number;
  head: Buffer;
}

export class FileStore {
  readonly incomingDir: string;
  constructor(readonly dir: string) {
    this.incomingDir = join(dir, '.incoming');
  }

  pathFor(sha256: string): string {
    return join(this.dir, sha256.slice(0, 2), sha256);
  }

  /** Aborting `signal` stops the copy and removes the partial file (a cancelled import job). */
  async stageFromPath(
    source: string,
    onBytes?: (done: number) => void,
    signal?: AbortSignal,
  ): Promise<StagedFile> {
    await mkdir(this.incomingDir, { recursive: true });
    const tempPath = join(this.incomingDir, randomUUID());
    const hash = createHash('sha256');
    const headChunks: Buffer[] = [];
    let size = 0;
    let headSize = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        size += chunk.length;
        if (headSize < 8192) {
          headChunks.push(chunk.subarray(0, 8192 - headSize));
          headSize += Math.min(chunk.length, 8192 - headSize);
        }
        onBytes?.(size);
        done(null, chunk);
      },
    });
    try {
      await pipeline(
        createReadStream(source),
        tap,
        createWriteStream(tempPath, { flags: 'wx' }),
        ...(signal ? [{ signal }] : []),
      );
    } catch (e) {
      await rm(tempPath, { force: true });
      throw e;
    }
    return { tempPath, sha256: hash.digest('hex'), size, head: Buffer.concat(headChunks) };
  }

  async stageFromBytes(bytes: Uint8Array): Promise<StagedFile> {
    await mkdir(this.incomingDir, { recursive: true });
    const tempPath = join(this.incomingDir, randomUUID());
    await writeFile(tempPath, bytes, { flag: 'wx' });
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    return { tempPath, sha256, size: bytes.byteLength, head: Buffer.from(bytes.subarray(0, 8192)) };
  }

  async commit(staged: StagedFile): Promise<string> {
    const target = this.pathFor(staged.sha256);
    const folder = join(this.dir, staged.sha256.slice(0, 2));
    await mkdir(folder, { recursive: true });
    await syncFile(staged.tempPath);
    await rename(staged.tempPath, target);
    await syncDir(folder);
    return target;
  }

  discard(staged: StagedFile): Promise<void> {
    return rm(staged.tempPath, { force: true });
  }

  /**
   * Leftovers of an import that crashed before its commit, once older than `graceMs` (a younger
   * file may be another process's import in progress).
   */
  async sweepIncoming(graceMs: number): Promise<void> {
    await removeStale(this.incomingDir, graceMs);
  }
}
