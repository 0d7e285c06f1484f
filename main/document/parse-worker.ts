/**
 * Worker thread: parses one stored original into the Document model, validates it and posts it
 * back as UTF-8 JSON in a transferred buffer, so the main thread only stores and forwards bytes.
 */
import { readFile } from 'node:fs/promises';
import type { MessagePort } from 'node:worker_threads';
import { WorkbenchError } from '../../shared/api/result';
import { ingestBytes } from '../ingest/ingest-bytes';
import { serveJob } from '../jobs/serve-job';
import { checkDocument } from './check-document';
import { firstBlocksRead, sendFirstBlocks } from './first-blocks-read';
import type { ParseRequest } from './parse-job';

export interface HtmlParseRequest extends ParseRequest {
  /** Where the first blocks read from the file's beginning go (first-blocks-read.ts). */
  firstPort?: MessagePort;
  /**
   * Tests only (parseInWorker's option; no API, CLI or setting reaches it): wait this long
   * after the first blocks are sent, so a test sees the view while the parse still runs.
   */
  testOnlyHoldMs?: number;
}

/** Tests only: waits `ms`, reporting progress every 250 ms as a slow read would. */
async function hold(ms: number, tick: () => void): Promise<void> {
  for (let left = ms; left > 0; left -= 250) {
    tick();
    await new Promise((r) => setTimeout(r, Math.min(250, left)));
  }
}

// Checking and serialising the model take about a sixth of a big filing's time (1.5 and 2.2 s
// of 27.5 s at 300 MB), so reading reports up to 85 %.
const readingPercent = 85;

serveJob<HtmlParseRequest, Uint8Array>(
  async (req, report) => {
    let lastPercent = -1;
    const progress = (percent: number) => {
      if (percent > lastPercent) report((lastPercent = percent), 100, 'percent');
    };
    // At once: the view offers Cancel from the job's first progress on.
    progress(0);
    const bytes = await readFile(req.path);
    if (req.firstPort)
      await sendFirstBlocks(req.firstPort, firstBlocksRead(req.name, bytes, checkDocument));
    if (req.testOnlyHoldMs) await hold(req.testOnlyHoldMs, () => report(0, 100, 'percent'));
    // ingestBytes decodes old Windows-1252 filings too, and picks the reader by content.
    const model = ingestBytes(req.name, bytes, {
      onProgress: (share) => progress(Math.floor(share * readingPercent)),
    });
    // The one check of this Document, where it is built from the file's bytes (the untrusted
    // input), before it is cached: a reader bug on a hostile file must not poison the cache.
    // The main thread takes the answer as our own checked output and does not check it again
    // (document-service.ts forwards the bytes; ingest-file.ts parses them).
    const checked = await checkDocument(model);
    progress(92);
    // TextEncoder's buffer is this array's own (Buffer.from may share a pool), so it can move.
    return new TextEncoder().encode(JSON.stringify(checked));
  },
  {
    transfer: (json) => [json.buffer as ArrayBuffer],
    describeError: (e, req) =>
      e instanceof WorkbenchError
        ? { code: e.code, message: e.message }
        : { code: 'internal', message: `${req.name}: ${(e as Error).message}` },
  },
);
