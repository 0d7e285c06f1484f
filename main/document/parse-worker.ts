/** Worker thread: parses one stored original into the Document model and posts it back. */
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { WorkbenchError } from '../../shared/api/result';
import { ingestBytes } from '../ingest/ingest-file';
import type { ParseReply, ParseRequest } from './parse-job';

const post = (reply: ParseReply) => parentPort!.postMessage(reply);

async function run(req: ParseRequest): Promise<unknown> {
  // ingestBytes decodes old Windows-1252 filings too, and picks the reader by content.
  return ingestBytes(req.name, await readFile(req.path));
}

run(workerData as ParseRequest).then(
  (model) => post({ type: 'done', model }),
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
