import { MessageChannel } from 'node:worker_threads';
import { WorkbenchError, type ErrorCode } from '../../shared/api/result';
import { jsonBytes, type JsonBytes } from '../../shared/api/json-bytes';
import type { Document } from '../../shared/document';
import { defaultPdfLimits } from '../ingest/pdf/parse-pdf';
import { JobError } from '../jobs/job-error';
import { runInWorker } from '../jobs/run-in-worker';
import { defaultParseWorkerLimit, Slots } from '../jobs/slots';
import type { ParseDocument } from './document-service';
import type { ParseRequest } from './parse-job';
import type { ParsedPages } from './parsed-pages';
import type { PdfParseRequest } from './pdf-parse-worker';
import type { HtmlParseRequest } from './parse-worker';

export interface ParseLimits {
  timeoutMs: number;
  /**
   * Heap of the HTML parse worker. A 300 MB filing needs about 1.8 GB. The cap also lifts the
   * default on small machines (about a quarter of RAM), and a file that needs more ends its
   * worker with a clear error instead of aborting the app (best effort: see runInWorker;
   * big-filing.test.ts checks it).
   */
  maxHeapMb: number;
  /** Heap of the PDF parse worker (pdf.js holds the file and its pages). */
  pdfMaxHeapMb: number;
}

export interface ParseInWorkerOptions extends Partial<ParseLimits> {
  /**
   * Parses running at once; more wait their turn (cancellable while they wait). Default: one
   * limiter for the whole process (`parseSlots`), since each worker may take gigabytes.
   */
  slots?: Slots;
  /** Tests only: the PDF worker waits this long after each page (pdf-parse-worker.ts). */
  testOnlyPageDelayMs?: number;
  /** Tests only: the HTML worker waits this long after sending the first blocks (parse-worker.ts). */
  testOnlyHtmlHoldMs?: number;
}

const defaultLimits: ParseLimits = { timeoutMs: 5 * 60_000, maxHeapMb: 4096, pdfMaxHeapMb: 2048 };

/**
 * Reading the PDF may use the whole parse deadline (pdf.js checks it between pages); checking
 * and serialising a big model afterwards gets this much more before the worker is killed.
 */
const PDF_FINISH_MS = 15_000;

let processSlots: Slots | undefined;
/**
 * The process's parse limiter: `WORKBENCH_PARSE_WORKERS`, else one fewer than the cores (at
 * least one). Several open documents then queue instead of running a 4 GB worker each.
 */
export const parseSlots = (): Slots => (processSlots ??= new Slots(defaultParseWorkerLimit()));

/**
 * Parses in worker threads (main/jobs) so a 300 MB filing never blocks the API or the window:
 * both the HTML and the PDF reader run there, and so do the validation and serialisation of
 * the model, so the main thread only stores and forwards bytes. Workers are terminated on
 * timeout and on cancel; progress is forwarded as it comes; at most `slots.limit` run at once.
 */
export function parseInWorker(options: ParseInWorkerOptions = {}): ParseDocument {
  const { slots: own, testOnlyPageDelayMs, testOnlyHtmlHoldMs, ...given } = options;
  const limits: ParseLimits = { ...defaultLimits, ...given };
  return async (request, onProgress, signal, onPages, onFirstBlocks) => {
    const slots = own ?? parseSlots();
    let release: () => void;
    try {
      release = await slots.acquire(signal);
    } catch (e) {
      if (e instanceof JobError)
        throw new WorkbenchError('cancelled', `${request.name}: reading was cancelled`);
      throw e;
    }
    try {
      return request.kind === 'pdf'
        ? await parsePdf(request, { onProgress, onPages, testOnlyPageDelayMs }, limits, signal)
        : await parseHtml(
            request,
            { onProgress, onFirstBlocks, testOnlyHtmlHoldMs },
            limits,
            signal,
          );
    } finally {
      release();
    }
  };
}

async function parsePdf(
  request: ParseRequest,
  to: {
    onProgress: Parameters<ParseDocument>[1];
    onPages: Parameters<ParseDocument>[3];
    testOnlyPageDelayMs: number | undefined;
  },
  limits: ParseLimits,
  signal: AbortSignal | undefined,
): Promise<JsonBytes<Document>> {
  const pdfLimits = { ...defaultPdfLimits, timeoutMs: limits.timeoutMs };
  const { onProgress, onPages, testOnlyPageDelayMs } = to;
  // The pages read so far come on a port of their own, beside the job's progress and result
  // (main/jobs' protocol stays one result per job). Nothing is handed on once the job has ended:
  // its final Document (or its error) says the rest.
  const pages = onPages ? new MessageChannel() : undefined;
  let ended = false;
  pages?.port1.on('message', (batch: ParsedPages) => {
    if (!ended) onPages?.(batch);
  });
  try {
    const json = await runInWorker<PdfParseRequest, Uint8Array>({
      kind: 'pdf',
      module: { callerFilename: __filename, dir: __dirname, name: 'pdf-parse-worker' },
      input: {
        ...request,
        limits: pdfLimits,
        ...(pages ? { pagesPort: pages.port2 } : {}),
        ...(testOnlyPageDelayMs ? { testOnlyPageDelayMs } : {}),
      },
      ...(pages ? { transfer: [pages.port2] } : {}),
      timeoutMs: limits.timeoutMs + PDF_FINISH_MS,
      maxHeapMb: limits.pdfMaxHeapMb,
      signal,
      onProgress,
    });
    return jsonBytes<Document>(json);
  } catch (e) {
    if (!(e instanceof JobError)) throw e;
    throw workerError(request.name, e, {
      timeoutMs: limits.timeoutMs + PDF_FINISH_MS,
      maxHeapMb: limits.pdfMaxHeapMb,
    });
  } finally {
    ended = true;
    pages?.port1.close();
  }
}

async function parseHtml(
  request: ParseRequest,
  to: {
    onProgress: Parameters<ParseDocument>[1];
    onFirstBlocks: Parameters<ParseDocument>[4];
    testOnlyHtmlHoldMs: number | undefined;
  },
  limits: ParseLimits,
  signal: AbortSignal | undefined,
): Promise<JsonBytes<Document>> {
  const { onProgress, onFirstBlocks, testOnlyHtmlHoldMs } = to;
  // The first blocks come on a port of their own, as a PDF's pages do (parsePdf).
  const first = onFirstBlocks ? new MessageChannel() : undefined;
  let ended = false;
  first?.port1.on('message', (json: Uint8Array) => {
    if (!ended) onFirstBlocks?.(json);
  });
  try {
    const json = await runInWorker<HtmlParseRequest, Uint8Array>({
      kind: 'parse',
      module: { callerFilename: __filename, dir: __dirname, name: 'parse-worker' },
      input: {
        ...request,
        ...(first ? { firstPort: first.port2 } : {}),
        ...(testOnlyHtmlHoldMs ? { testOnlyHoldMs: testOnlyHtmlHoldMs } : {}),
      },
      ...(first ? { transfer: [first.port2] } : {}),
      timeoutMs: limits.timeoutMs,
      maxHeapMb: limits.maxHeapMb,
      signal,
      onProgress,
    });
    return jsonBytes<Document>(json);
  } catch (e) {
    if (!(e instanceof JobError)) throw e;
    throw workerError(request.name, e, limits);
  } finally {
    ended = true;
    first?.port1.close();
  }
}

/** The wording users of the document view already know, per way a parse can end. */
function workerError(
  name: string,
  e: JobError,
  limits: { timeoutMs: number; maxHeapMb: number },
): WorkbenchError {
  const last = e.detail.lastProgress;
  const where = last?.unit === 'pages' ? ` (stopped after page ${last.done} of ${last.total})` : '';
  switch (e.end) {
    case 'failed':
      return new WorkbenchError((e.detail.error?.code ?? 'internal') as ErrorCode, e.message);
    case 'cancelled':
      // A PDF's view showed the pages read so far: say where it stopped (the view drops them).
      return new WorkbenchError('cancelled', `${name}: reading was cancelled${where}`);
    case 'timeout':
      return new WorkbenchError(
        'internal',
        `${name}: parsing took longer than ${limits.timeoutMs / 1000} s and was stopped${where}`,
      );
    case 'out-of-memory':
      return new WorkbenchError(
        'file-too-large',
        `${name}: too large to read (the parser needed more than ${limits.maxHeapMb} MB of memory and was stopped)${where}`,
      );
    case 'crashed':
      return new WorkbenchError(
        'internal',
        e.detail.exitCode !== undefined
          ? `${name}: the parser stopped unexpectedly (exit ${e.detail.exitCode})${where}`
          : `${name}: the parser crashed (${e.message})${where}`,
      );
  }
}
