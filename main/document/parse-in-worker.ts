import { readFile } from 'node:fs/promises';
import { WorkbenchError, type ErrorCode } from '../../shared/api/result';
import { jsonBytes, type JsonBytes } from '../../shared/api/json-bytes';
import { Document } from '../../shared/model';
import { ingestPdf, PdfIngestError } from '../ingest/pdf';
import { startWorker } from '../util/worker-file';
import type { ParseDocument } from './document-service';
import type { ParseReply, ParseRequest } from './parse-job';

const DEFAULT_TIMEOUT_MS = 5 * 60_000;

/**
 * Parses in a worker thread so a 300 MB filing never blocks the API or the window. The worker
 * is terminated on timeout; its progress is forwarded as it comes.
 */
export function parseInWorker(timeoutMs = DEFAULT_TIMEOUT_MS): ParseDocument {
  return (request, onProgress) =>
    request.kind === 'pdf'
      ? parsePdf(request, onProgress, timeoutMs)
      : parseHtml(request, onProgress, timeoutMs);
}

/** PDFs have their own worker (pdf.js, page limits, per-page progress). */
async function parsePdf(
  request: ParseRequest,
  onProgress: Parameters<ParseDocument>[1],
  timeoutMs: number,
): Promise<JsonBytes<Document>> {
  const bytes = await readFile(request.path);
  try {
    // PDF models hold only the tables of their pages: small enough to check and serialise here.
    const model = await ingestPdf(
      {
        name: request.name,
        bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      },
      { onProgress: (p) => onProgress(p.page, p.pages, 'pages'), timeoutMs },
    );
    return jsonBytes(new TextEncoder().encode(JSON.stringify(Document.parse(model))));
  } catch (e) {
    if (e instanceof PdfIngestError)
      throw new WorkbenchError(
        e.code === 'too-large' ? 'file-too-large' : 'file-unreadable',
        e.message,
      );
    throw e;
  }
}

function parseHtml(
  request: ParseRequest,
  onProgress: Parameters<ParseDocument>[1],
  timeoutMs: number,
): Promise<JsonBytes<Document>> {
  return new Promise<JsonBytes<Document>>((resolve, reject) => {
    const worker = startWorker(__filename, __dirname, 'parse-worker', { workerData: request });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(
            new WorkbenchError(
              'internal',
              `${request.name}: parsing took longer than ${timeoutMs / 1000} s and was stopped`,
            ),
          ),
        ),
      timeoutMs,
    );
    worker.on('message', (reply: ParseReply) => {
      if (reply.type === 'progress') onProgress(reply.percent, 100, 'percent');
      else if (reply.type === 'done') finish(() => resolve(jsonBytes<Document>(reply.json)));
      else finish(() => reject(new WorkbenchError(reply.code as ErrorCode, reply.message)));
    });
    worker.on('error', (e) =>
      finish(() =>
        reject(
          new WorkbenchError('internal', `${request.name}: the parser crashed (${e.message})`),
        ),
      ),
    );
    worker.on('exit', (code) =>
      finish(() =>
        reject(
          new WorkbenchError(
            'internal',
            `${request.name}: the parser stopped unexpectedly (exit ${code})`,
          ),
        ),
      ),
    );
  });
}
