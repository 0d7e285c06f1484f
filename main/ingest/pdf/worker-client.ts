import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { JobError } from '../../jobs/job-error';
import { liveWorkerCount } from '../../jobs/live';
import { runInWorker } from '../../jobs/run-in-worker';
import { PdfIngestError, fromErrorData, type PdfErrorData } from './errors';
import {
  defaultPdfLimits,
  type PdfLimits,
  type PdfParseResult,
  type PdfProgress,
} from './parse-pdf';
import type { PdfWorkerRequest } from './worker-protocol';

/** A file path, or bytes with the name to report them under. */
export type PdfInput = string | { name: string; bytes: Uint8Array };

export interface PdfWorkerOptions extends Partial<PdfLimits> {
  signal?: AbortSignal;
  /** Heap cap for the worker; a PDF that needs more ends that worker, not the app. */
  maxHeapMb?: number;
}

/** Parser workers currently running (tests check that failures leave none behind). */
export const livePdfWorkers = () => liveWorkerCount('pdf');

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
 * Parses a PDF in a worker thread (main/jobs) so a large or hostile file cannot stall the main
 * thread. Progress arrives per page. The worker is always terminated before the promise
 * settles: on success, on a parse error, on timeout (it is killed mid-page if need be), on
 * abort, and when it dies (e.g. out of memory).
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
  // Copy into a buffer of our own so the transfer cannot detach the caller's bytes.
  const own = bytes.slice();
  try {
    return await runInWorker<PdfWorkerRequest, PdfParseResult>({
      kind: 'pdf',
      module: { callerFilename: __filename, dir: __dirname, name: 'pdf-worker' },
      input: { name, bytes: own, limits },
      transfer: [own.buffer],
      // The worker checks the time between pages; this also catches a page that never ends.
      timeoutMs: limits.timeoutMs + 1000,
      maxHeapMb: options.maxHeapMb ?? 2048,
      signal: options.signal,
      onProgress: (page, pages) => onProgress({ page, pages }),
    });
  } catch (e) {
    if (!(e instanceof JobError)) throw e;
    throw pdfError(name, e, limits);
  }
}

/** Each way a worker job can end, in the words PdfIngestError has always used. */
function pdfError(name: string, e: JobError, limits: PdfLimits): PdfIngestError {
  const last = e.detail.lastProgress;
  const where = last ? ` (stopped after page ${last.done} of ${last.total})` : '';
  switch (e.end) {
    case 'failed':
      return e.detail.error?.details !== undefined
        ? fromErrorData(e.detail.error.details as PdfErrorData)
        : new PdfIngestError('crashed', name, e.message);
    case 'timeout':
      return new PdfIngestError(
        'timeout',
        name,
        `took longer than ${limits.timeoutMs / 1000} s${where}`,
      );
    case 'cancelled':
      return new PdfIngestError('aborted', name, `cancelled${where}`);
    case 'out-of-memory':
      return new PdfIngestError(
        'crashed',
        name,
        `the PDF parser stopped (it ${e.message})${where}`,
      );
    case 'crashed':
      return new PdfIngestError(
        'crashed',
        name,
        e.detail.exitCode !== undefined
          ? `the PDF parser exited with code ${e.detail.exitCode}${where}`
          : `the PDF parser stopped (${e.message})${where}`,
      );
  }
}
