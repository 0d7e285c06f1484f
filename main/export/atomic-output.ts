import { randomBytes } from 'node:crypto';
import { open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { WorkbenchError } from '../../shared/api/result';
import { processAlive } from '../jobs/recover';
import { syncDir } from '../workspace/durable';

/** Text is handed to the OS in pieces of about this size. */
const FLUSH_BYTES = 256 * 1024;

/** Where a half-written export lives until it is complete: hidden, beside the target. */
export function partPath(target: string): string {
  return join(
    dirname(target),
    `.${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.part`,
  );
}

/**
 * A killed export (kill -9, power cut) leaves its hidden part file behind; the next export to
 * the same target removes the parts of processes that are gone.
 */
async function sweepStaleParts(target: string): Promise<void> {
  const prefix = `.${basename(target)}.`;
  let names: string[];
  try {
    names = await readdir(dirname(target));
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith('.part')) continue;
    const pid = Number(/^(\d+)\./.exec(name.slice(prefix.length))?.[1]);
    if (Number.isSafeInteger(pid) && pid > 0 && !processAlive(pid))
      await unlink(join(dirname(target), name)).catch(() => undefined);
  }
}

async function checkTarget(target: string): Promise<void> {
  const folder = dirname(target);
  try {
    if (!(await stat(folder)).isDirectory())
      throw new WorkbenchError('invalid-input', `${folder} is not a folder`);
  } catch (e) {
    if (e instanceof WorkbenchError) throw e;
    throw new WorkbenchError('invalid-input', `cannot write into ${folder}: it does not exist`);
  }
  try {
    if ((await stat(target)).isDirectory())
      throw new WorkbenchError('invalid-input', `${target} is a folder; give a file name`);
  } catch (e) {
    if (e instanceof WorkbenchError) throw e;
    // No file there yet: fine.
  }
}

/**
 * Writes the pieces to a temporary file in the target's folder, flushes it to disk and renames
 * it over the target: a reader (or a crash, a kill -9, a full disk) never sees a half-written
 * export at the target path. On failure the temporary file is removed.
 */
export async function writeAtomically(
  targetPath: string,
  pieces: AsyncIterable<string> | Iterable<string>,
): Promise<{ path: string; bytes: number }> {
  const target = resolve(targetPath);
  await checkTarget(target);
  await sweepStaleParts(target);
  const part = partPath(target);
  const handle = await open(part, 'wx');
  let bytes = 0;
  try {
    let pending: string[] = [];
    let pendingLength = 0;
    const flush = async () => {
      if (pending.length === 0) return;
      const buf = Buffer.from(pending.join(''), 'utf8');
      pending = [];
      pendingLength = 0;
      await handle.write(buf);
      bytes += buf.length;
    };
    for await (const piece of pieces) {
      pending.push(piece);
      pendingLength += piece.length;
      if (pendingLength >= FLUSH_BYTES) await flush();
    }
    await flush();
    await handle.sync();
    await handle.close();
  } catch (e) {
    await handle.close().catch(() => undefined);
    await unlink(part).catch(() => undefined);
    throw e;
  }
  try {
    await rename(part, target);
  } catch (e) {
    await unlink(part).catch(() => undefined);
    throw new WorkbenchError(
      'invalid-input',
      `cannot write ${target}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
  await syncDir(dirname(target));
  return { path: target, bytes };
}
