// Worker thread entry: parses one PDF and posts progress and the result to the parent.
import { parentPort, workerData } from 'node:worker_threads';
import { PdfIngestError, toErrorData } from './errors';
import { parsePdfBytes } from './parse-pdf';
import type { PdfWorkerMessage, PdfWorkerRequest } from './worker-protocol';

async function run(): Promise<void> {
  const port = parentPort;
  if (port === null) throw new Error('pdf-worker must run in a worker thread');
  const req = workerData as PdfWorkerRequest;
  const post = (m: PdfWorkerMessage) => port.postMessage(m);
  try {
    const result = await parsePdfBytes(req.name, req.bytes, req.limits, (p) =>
      post({ type: 'progress', ...p }),
    );
    post({ type: 'done', result });
  } catch (err) {
    const error =
      err instanceof PdfIngestError
        ? toErrorData(err)
        : {
            code: 'crashed' as const,
            file: req.name,
            message: `${req.name}: the PDF parser failed (${err instanceof Error ? err.message : String(err)})`,
          };
    post({ type: 'error', error });
  }
}

void run();
