import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * How long a file in `files/.incoming/` or an unrecorded file in `models/` is left alone.
 * Another process (the desktop app, web mode, a CLI import) may be writing it right now: an
 * import stages its copy there before the commit, a parse writes its model before recording
 * it. Their writes keep the modification time fresh; only leftovers of a crash grow this old.
 */
export const HOUSEKEEPING_GRACE_MS = 60 * 60 * 1000;

/**
 * Removes the entries of `dir` that `keep` does not claim and that were last modified more
 * than `graceMs` ago. Best effort: a missing folder, a file that vanished meanwhile or a
 * read-only workspace is not an error. Returns how many entries were removed.
 */
export async function removeStale(
  dir: string,
  graceMs: number,
  keep: (name: string) => boolean = () => false,
  now = Date.now(),
): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (keep(name)) continue;
    const path = join(dir, name);
    try {
      if (now - (await stat(path)).mtimeMs <= graceMs) continue;
      await rm(path, { recursive: true, force: true });
      removed++;
    } catch {
      // Gone already, or not ours to remove: leave it.
    }
  }
  return removed;
}
