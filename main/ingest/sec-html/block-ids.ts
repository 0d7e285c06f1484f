/**
 * Ids that stay the same when the same file is ingested again: derived from where the block
 * sits in the source (its element path), not from its position in our output, so a change in
 * how text is split elsewhere does not renumber every block.
 */
export class BlockIds {
  private readonly seen = new Map<string, number>();

  next(prefix: string, path: string): string {
    const base = `${prefix}${fnv1a(path).toString(36)}`;
    const n = (this.seen.get(base) ?? 0) + 1;
    this.seen.set(base, n);
    return n === 1 ? base : `${base}-${n}`;
  }
}

/** 32-bit FNV-1a: short, fast, and stable across platforms. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
