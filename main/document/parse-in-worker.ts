import { readFile } from 'node:fs/promises';
import { WorkbenchError, type ErrorCode } from '../../shared/api/result';
import { jsonBytes, type JsonBytes } from '../../shared/api/json-bytes';
import { Document } from '../../shared/model';
import { ingestPdf, PdfIngestError } from '../ingest/pdf';
import { startWorker } from '../util/worker-file';
import type { ParseDocument } from './document-service';
import type { ParseReply, ParseRequest } from './parse-job';

export interface ParseLimits {
  timeoutMs: number;
  /**
   * Heap of the HTML parse worker. A 300 MB filing needs about 1.8 GB. The cap also lifts the
   * default on small machines (about a quarter of RAM), and a file that needs more ends its
   * worker with a clear error instead of aborting the app. Node enforces it on a best-effort
   * basis (nodejs/node#47224: one allocation far past the cap can still abort the process); the
   * parser's growth is many small objects, which the check catches (big-filing.test.ts).
   */
  maxHeapMb: number;
}

const defaultLimits: ParseLimits = { timeoutMs: 5 * 60_000, maxHeapMb: 4096 };

/**
 * Parses in a worker thread so a 300 MB filing never blocks the API or the window. The worker
 * is terminated on timeout; its progress is forwarded as it comes.
 */
export function parseInWorker(limits: Partial<ParseLimits> = {}): ParseDocument {
  const { timeoutMs, maxHeapMb } = { ...defaultLimits, ...limits };
  return (request, onProgress) =>
    request.kind === 'pdf'
      ? parsePdf(request, onProgress, timeoutMs)
      : parseHtml(request, onProgress, timeoutMs, maxHeapMb);
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
  maxHeapMb: number,
): Promise<JsonBytes<Document>> {
  return new Promise<JsonBytes<Document>>((resolve, reject) => {
    const worker = startWorker(__filename, __dirname, 'parse-worker', {
      workerData: request,
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
    });
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
    worker.on('error', (e: NodeJS.ErrnoException) =>
      finish(() =>
        reject(
          e.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new WorkbenchError(
                'file-too-large',
                `${request.name}: too large to read (the parser needed more than ${maxHeapMb} MB of memory and was stopped)`,
              )
            : new WorkbenchError('internal', `${request.name}: the parser crashed (${e.message})`),
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
