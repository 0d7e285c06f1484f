import { readFile } from 'node:fs/promises';
import { WorkbenchError, type ErrorCode } from '../../shared/api/result';
import { jsonBytes, type JsonBytes } from '../../shared/api/json-bytes';
import { Document } from '../../shared/model';
import { ingestPdf, PdfIngestError } from '../ingest/pdf';
import { JobError } from '../jobs/job-error';
import { runInWorker } from '../jobs/run-in-worker';
import type { ParseDocument } from './document-service';
import type { ParseRequest } from './parse-job';

export interface ParseLimits {
  timeoutMs: number;
  /**
   * Heap of the HTML parse worker. A 300 MB filing needs about 1.8 GB. The cap also lifts the
   * default on small machines (about a quarter of RAM), and a file that needs more ends its
   * worker with a clear error instead of aborting the app (best effort: see runInWorker;
   * big-filing.test.ts checks it).
   */
  maxHeapMb: number;
}

const defaultLimits: ParseLimits = { timeoutMs: 5 * 60_000, maxHeapMb: 4096 };

/**
 * Parses in a worker thread (main/jobs) so a 300 MB filing never blocks the API or the window.
 * The worker is terminated on timeout and on cancel; its progress is forwarded as it comes.
 */
export function parseInWorker(limits: Partial<ParseLimits> = {}): ParseDocument {
  const { timeoutMs, maxHeapMb } = { ...defaultLimits, ...limits };
  return (request, onProgress, signal) =>
    request.kind === 'pdf'
      ? parsePdf(request, onProgress, timeoutMs, signal)
      : parseHtml(request, onProgress, { timeoutMs, maxHeapMb }, signal);
}

/** PDFs have their own worker (pdf.js, page limits, per-page progress). */
async function parsePdf(
  request: ParseRequest,
  onProgress: Parameters<ParseDocument>[1],
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<JsonBytes<Document>> {
  const bytes = await readFile(request.path);
  try {
    // PDF models hold only the tables of their pages: small enough to check and serialise here.
    const model = await ingestPdf(
      {
        name: request.name,
        bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      },
      { onProgress: (p) => onProgress(p.page, p.pages, 'pages'), timeoutMs, signal },
    );
    return jsonBytes(new TextEncoder().encode(JSON.stringify(Document.parse(model))));
  } catch (e) {
    if (e instanceof PdfIngestError)
      throw new WorkbenchError(
        e.code === 'too-large'
          ? 'file-too-large'
          : e.code === 'aborted'
            ? 'cancelled'
            : 'file-unreadable',
        e.message,
      );
    throw e;
  }
}

async function parseHtml(
  request: ParseRequest,
  onProgress: Parameters<ParseDocument>[1],
  { timeoutMs, maxHeapMb }: ParseLimits,
  signal: AbortSignal | undefined,
): Promise<JsonBytes<Document>> {
  try {
    const json = await runInWorker<ParseRequest, Uint8Array>({
      kind: 'parse',
      module: { callerFilename: __filename, dir: __dirname, name: 'parse-worker' },
      input: request,
      timeoutMs,
      maxHeapMb,
      signal,
      onProgress,
    });
    return jsonBytes<Document>(json);
  } catch (e) {
    if (!(e instanceof JobError)) throw e;
    throw htmlParseError(request.name, e, { timeoutMs, maxHeapMb });
  }
}

/** The wording users of the document view already know, per way a parse can end. */
function htmlParseError(name: string, e: JobError, limits: ParseLimits): WorkbenchError {
  switch (e.end) {
    case 'failed':
      return new WorkbenchError((e.detail.error?.code ?? 'internal') as ErrorCode, e.message);
    case 'cancelled':
      return new WorkbenchError('cancelled', `${name}: reading was cancelled`);
    case 'timeout':
      return new WorkbenchError(
        'internal',
        `${name}: parsing took longer than ${limits.timeoutMs / 1000} s and was stopped`,
      );
    case 'out-of-memory':
      return new WorkbenchError(
        'file-too-large',
        `${name}: too large to read (the parser needed more than ${limits.maxHeapMb} MB of memory and was stopped)`,
      );
    case 'crashed':
      return new WorkbenchError(
        'internal',
        e.detail.exitCode !== undefined
          ? `${name}: the parser stopped unexpectedly (exit ${e.detail.exitCode})`
          : `${name}: the parser crashed (${e.message})`,
      );
  }
}
