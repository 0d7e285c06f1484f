import type { MessagePort } from 'node:worker_threads';
import type { Document } from '../../shared/document';
import { FIRST_SCREEN_BLOCKS, type FirstBlocks } from '../../shared/document/first-screen-json';
import { ingestBytes } from '../ingest/ingest-bytes';

/** Filings smaller than this are read whole about as fast: their first blocks are not sent. */
const MIN_FILE_BYTES = 1024 * 1024;
/** The beginning read first; doubled while it holds too few blocks (at most half the file). */
const FIRST_PREFIX_BYTES = 512 * 1024;
/**
 * Blocks the beginning must hold beyond the first screen's: what is cut off at its end (a
 * table or paragraph cut in two) stays this far from the blocks sent.
 */
const MARGIN_BLOCKS = 15;

/**
 * A filing's first blocks and the tables they name, read from its beginning only, before the
 * whole file is read (issue 26): a 10-K's first table is read in ~0.1 s of its ~1 s, so a window
 * opened on it shows its first screen (with the parse's progress) while the rest is read. The
 * same reader on the first half MB gives the same first 30 blocks and tables as on the whole
 * file for the filings of the data (sec-more: 9 of 9; docs/BENCHMARKS.md), but it cannot know
 * what comes later (a table continued further on), so these blocks are shown as the beginning
 * read so far and the whole model replaces them. Undefined when the file is small, its beginning
 * holds too few blocks, or the reader fails on it (the whole read then says what is wrong).
 */
export function firstBlocksRead(
  name: string,
  bytes: Uint8Array,
  check: (d: Document) => Promise<Document>,
): Promise<FirstBlocks | undefined> | undefined {
  if (bytes.byteLength < MIN_FILE_BYTES) return undefined;
  for (let n = FIRST_PREFIX_BYTES; n <= bytes.byteLength / 2; n *= 2) {
    let doc: Document;
    try {
      doc = ingestBytes(name, bytes.subarray(0, n));
    } catch {
      return undefined;
    }
    if (doc.blocks.length < FIRST_SCREEN_BLOCKS + MARGIN_BLOCKS) continue;
    const blocks = doc.blocks.slice(0, FIRST_SCREEN_BLOCKS);
    const ids = new Set(blocks.filter((b) => b.type === 'table').map((b) => b.id));
    const cut: Document = { ...doc, blocks, tables: doc.tables.filter((t) => ids.has(t.id)) };
    // Checked as the whole Document is, where it is built from the file's bytes.
    return check(cut).then(
      (d) => ({ blocks: d.blocks, tables: d.tables }),
      () => undefined,
    );
  }
  return undefined;
}

/** Sends the first blocks (UTF-8 JSON, transferred) on `port`, then closes it. */
export async function sendFirstBlocks(
  port: MessagePort,
  first: Promise<FirstBlocks | undefined> | undefined,
): Promise<void> {
  const blocks = await first;
  if (blocks) {
    const json = new TextEncoder().encode(JSON.stringify(blocks));
    port.postMessage(json, [json.buffer]);
  }
  port.close();
}
