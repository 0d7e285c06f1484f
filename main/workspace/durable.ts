import { open } from 'node:fs/promises';

/*
 * Commits in the workspace are "write under a temporary name, then rename". A rename is atomic,
 * but without a flush the OS may put the new name on disk before the file's bytes: a power cut
 * then leaves a committed name with empty or partial content. So the file is flushed before its
 * rename, and the folder after it (POSIX; Windows cannot open a folder and needs no flush).
 */

/** Flushes a file's bytes to disk. */
export async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Flushes a folder's entries (a rename into it) to disk, where the platform allows it. */
export async function syncDir(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
