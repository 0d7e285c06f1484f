/**
 * Worker thread: parses one stored original into the Document model, validates it and posts it
 * back as UTF-8 JSON in a transferred buffer, so the main thread only stores and forwards bytes.
 */
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { WorkbenchError } from '../../shared/api/result';
import { Document } from '../../shared/model';
import { ingestBytes } from '../ingest/ingest-file';
import type { ParseReply, ParseRequest } from './parse-job';

const post = (reply: ParseReply, transfer: ArrayBuffer[] = []) =>
  parentPort!.postMessage(reply, transfer);

// Checking and serialising the model take about a sixth of a big filing's time (1.5 and 2.2 s
// of 27.5 s at 300 MB), so reading reports up to 85 %.
const readingPercent = 85;

async function run(req: ParseRequest): Promise<Uint8Array> {
  let lastPercent = -1;
  const progress = (percent: number) => {
    if (percent > lastPercent) post({ type: 'progress', percent: (lastPercent = percent) });
  };
  // ingestBytes decodes old Windows-1252 filings too, and picks the reader by content.
  const model = ingestBytes(req.name, await readFile(req.path), {
    onProgress: (share) => progress(Math.floor(share * readingPercent)),
  });
  // Validated here, before it is cached: a parser bug must not poison the cache.
  const checked = Document.parse(model);
  progress(92);
  // TextEncoder's buffer is this array's own (Buffer.from may share a pool), so it can move.
  return new TextEncoder().encode(JSON.stringify(checked));
}

run(workerData as ParseRequest).then(
  (json) => post({ type: 'done', json }, [json.buffer as ArrayBuffer]),
  (e: unknown) =>
    post({
      type: 'failed',
      code: e instanceof WorkbenchError ? e.code : 'internal',
      message:
        e instanceof WorkbenchError
          ? e.message
          : `${(workerData as ParseRequest).name}: ${(e as Error).message}`,
    }),
);
