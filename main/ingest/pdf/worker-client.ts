import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { startWorker } from '../../util/worker-file';
import { PdfIngestError, fromErrorData } from './errors';
import {
  defaultPdfLimits,
  type PdfLimits,
  type PdfParseResult,
  type PdfProgress,
} from './parse-pdf';
import type { PdfWorkerMessage, PdfWorkerRequest } from './worker-protocol';

/** A file path, or bytes with the name to report them under. */
export type PdfInput = string | { name: string; bytes: Uint8Array };

export interface PdfWorkerOptions extends Partial<PdfLimits> {
  signal?: AbortSignal;
  /** Heap cap for the worker; a PDF that needs more ends that worker, not the app. */
  maxHeapMb?: number;
}

let live = 0;
/** Parser workers currently running (tests check that failures leave none behind). */
export const livePdfWorkers = () => live;

async function readInput(input: PdfInput): Promise<{ name: string; bytes: Uint8Array }> {
  if (typeof input !== 'string') return { name: input.name, bytes: input.bytes };
  const name = basename(input);
  try {
    const buf = await readFile(input);
    return { name, bytes: new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength) };
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new PdfIngestError('not-pdf', name, `cannot read the file (${reason})`);
  }
}

/**
 * Parses a PDF in a worker thread so a large or hostile file cannot stall the main thread.
 * Progress arrives per page. The worker is always terminated before the promise settles:
 * on success, on a parse error, on timeout (it is killed mid-page if need be), on abort, and
 * when it dies (e.g. out of memory).
 */
export async function parsePdfInWorker(
  input: PdfInput,
  onProgress: (p: PdfProgress) => void = () => undefined,
  options: PdfWorkerOptions = {},
): Promise<PdfParseResult> {
  const { name, bytes } = await readInput(input);
  const limits: PdfLimits = {
    maxPages: options.maxPages ?? defaultPdfLimits.maxPages,
    maxBytes: options.maxBytes ?? defaultPdfLimits.maxBytes,
    timeoutMs: options.timeoutMs ?? defaultPdfLimits.timeoutMs,
  };
  if (options.signal?.aborted) throw new PdfIngestError('aborted', name, 'cancelled');
  // Copy into a buffer of our own so the transfer cannot detach the caller's bytes.
  const own = bytes.slice();
  const request: PdfWorkerRequest = { name, bytes: own, limits };
  const worker = startWorker(__filename, __dirname, 'pdf-worker', {
    workerData: request,
    transferList: [own.buffer],
    resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 2048 },
  });
  live++;
  worker.once('exit', () => live--);
  let last: PdfProgress | null = null;

  type Outcome = { ok: PdfParseResult } | { err: PdfIngestError };
  const outcome = await new Promise<Outcome>((resolve) => {
    const where = () => (last ? ` (stopped after page ${last.page} of ${last.pages})` : '');
    const settle = (v: Outcome) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve(v);
    };
    const fail = (code: PdfIngestError['code'], reason: string) =>
      settle({ err: new PdfIngestError(code, name, reason) });
    // The worker checks the time between pages; this also catches a page that never ends.
    const timer = setTimeout(
      () => fail('timeout', `took longer than ${limits.timeoutMs / 1000} s${where()}`),
      limits.timeoutMs + 1000,
    );
    const onAbort = () => fail('aborted', `cancelled${where()}`);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (m: PdfWorkerMessage) => {
      if (m.type === 'progress') {
        last = { page: m.page, pages: m.pages };
        onProgress(last);
      } else if (m.type === 'done') settle({ ok: m.result });
      else settle({ err: fromErrorData(m.error) });
    });
    worker.on('error', (err) =>
      fail('crashed', `the PDF parser stopped (${err.message})${where()}`),
    );
    worker.on('exit', (code) =>
      fail('crashed', `the PDF parser exited with code ${code}${where()}`),
    );
  });
  await worker.terminate();
  if ('err' in outcome) throw outcome.err;
  return outcome.ok;
}
