import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { WorkbenchError } from '../../shared/api/result';
import type { Document } from '../../shared/document';
import { ingestBytes, kindOf } from '../ingest/ingest-bytes';
import { refusingJobs } from '../jobs/live';
import { checkDocument } from './check-document';
// Loaded when needed (ingestFile): the parse worker's client for big filings, pdf.js's for PDFs.

/**
 * Filings up to this size are read on the calling thread, bigger ones in the parse worker.
 * Measured for a one-shot CLI ingest (docs/BENCHMARKS.md, "CLI start and ingest"): on BA's
 * 3.3 MB 10-K the worker cost 0.2 s more than the main thread (thread start, the reader and zod
 * loaded a second time, the model copied back as JSON and parsed again). A parse this size ends
 * within about a second, so Ctrl-C, which waits for it, still acts at once to a user; a bigger
 * file gets the worker, which Ctrl-C terminates mid-parse, and its heap cap. (The reader's
 * modules are loaded on this thread anyway, for `ingestBytes`: about 30 ms of a parse of
 * several seconds.)
 */
export const MAIN_THREAD_MAX_BYTES = 8 * 1024 * 1024;

/**
 * Reads a file from disk into the Document model: SEC HTML on this thread or, above
 * MAIN_THREAD_MAX_BYTES, in the parse worker; PDFs in pdf.js's worker. Unreadable paths fail
 * with a message naming them.
 *
 * The Document is checked against the schema once, where it is first built from the file's
 * bytes (the untrusted input): here for the filings read on this thread (check-document.ts:
 * zod's answer without loading zod) and for PDFs, in parse-worker.ts for the filings read
 * there. Nothing downstream checks it again (not the worker's answer on arrival, nor the CLI
 * before writing it): that is our own code's output, already checked.
 */
export async function ingestFile(path: string): Promise<Document> {
  const name = basename(path);
  let bytes: Buffer;
  try {
    // node:fs, not node:fs/promises: a one-shot `workbench ingest` loads no module for it (fs/
    // promises brings seven of node's own, readline among them), and a file this command reads
    // whole and at once blocks nothing else that is waiting.
    const s = statSync(path);
    if (!s.isFile())
      throw new WorkbenchError('file-unreadable', `${name}: not a regular file (${path})`);
    bytes = readFileSync(path);
  } catch (e) {
    if (e instanceof WorkbenchError) throw e;
    throw new WorkbenchError(
      'file-unreadable',
      `${name}: cannot read ${path} (${(e as Error).message})`,
    );
  }
  if (bytes.byteLength === 0) throw new WorkbenchError('file-empty', `${name}: the file is empty`);
  const kind = kindOf(name, bytes);
  if (kind === 'pdf') {
    const { ingestPdf, PdfIngestError } = await import('../ingest/pdf/index.js');
    try {
      // pdf.js's worker (main/ingest/pdf) does not check its Document; this is its one check.
      return await checkDocument(await ingestPdf({ name, bytes }));
    } catch (e) {
      if (e instanceof PdfIngestError)
        throw new WorkbenchError(e.code === 'aborted' ? 'cancelled' : 'file-unreadable', e.message);
      throw e;
    }
  }
  if (kind !== 'sec-html') return ingestBytes(name, bytes); // refuses it with the reason
  if (bytes.byteLength <= MAIN_THREAD_MAX_BYTES) {
    // After Ctrl-C (main/cli/interrupt.ts) nothing new starts, as in the worker's case.
    if (refusingJobs() !== undefined)
      throw new WorkbenchError('cancelled', `${name}: reading was cancelled`);
    return checkDocument(ingestBytes(name, bytes));
  }
  // In the parse worker (main/jobs) like the app's parses: the same limits, and Ctrl-C in the
  // CLI stops it (a parse on this thread would hold the signal until it finished). The worker
  // checked the model (parse-worker.ts).
  const { parseInWorker } = await import('./parse-in-worker.js');
  const json = await parseInWorker()({ path, name, kind }, () => undefined);
  return JSON.parse(new TextDecoder().decode(json.$jsonBytes)) as Document;
}
