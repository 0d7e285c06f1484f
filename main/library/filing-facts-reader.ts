import { open, readFile } from 'node:fs/promises';
import { log } from '../log/log';
import type { DocumentKind } from '../../shared/library/document-kind';
import {
  factsFromCoverFacts,
  factsFromCoverText,
  findCoverFacts,
  htmlToCoverText,
  noFacts,
  type CoverFactName,
  type FilingFacts,
} from '../../shared/library/filing-facts';
import { runInWorker } from '../jobs/run-in-worker';
import type { PdfCoverRequest } from './pdf-cover-worker';

/** How far into an HTML filing the dei: cover facts are looked for (they sit near the top). */
const MAX_XBRL_BYTES = 32 * 1024 * 1024;
/** How much of a filing without inline XBRL is read as its cover page. */
const COVER_HTML_BYTES = 384 * 1024;
const CHUNK = 1024 * 1024;
/** Enough overlap between chunks for one whole cover fact cut at a chunk's end. */
const OVERLAP = 16 * 1024;
/** A PDF's cover facts are on its first pages. */
const PDF_PAGES = 3;

const wanted: CoverFactName[] = [
  'EntityRegistrantName',
  'EntityCentralIndexKey',
  'DocumentType',
  'DocumentPeriodEndDate',
  'DocumentFiscalYearFocus',
  'DocumentFiscalPeriodFocus',
];

/**
 * Reads a filing's cover facts without parsing it: HTML is scanned in 1 MB pieces for the dei:
 * facts (stopping once found, at most 32 MB; a file with no inline XBRL header in its first
 * megabyte is read as cover text instead), PDFs have their first pages' text read by pdf.js in a
 * worker thread. Never throws for a file it cannot read: the answer is then `noFacts`. Throws
 * only when `signal` aborts (the facts pass was cancelled; a PDF's worker is terminated then), so
 * a cancelled file is not kept as one with no facts.
 */
export async function readFilingFacts(
  path: string,
  kind: DocumentKind,
  signal?: AbortSignal,
): Promise<FilingFacts> {
  try {
    if (kind === 'pdf') return await pdfFacts(path, signal);
    if (kind === 'sec-html' || kind === 'other') return await htmlFacts(path);
    return noFacts;
  } catch (e) {
    if (signal?.aborted) throw e;
    // An unreadable file shows no company or period in the Library; the log says why.
    log.warn('could not read a filing’s cover facts', { path, kind, error: String(e) });
    return noFacts;
  }
}

async function htmlFacts(path: string): Promise<FilingFacts> {
  const fh = await open(path, 'r');
  try {
    const decoder = new TextDecoder('utf-8');
    const buf = Buffer.alloc(CHUNK);
    const facts: Partial<Record<CoverFactName, string>> = {};
    let head = '';
    let carry = '';
    let position = 0;
    let inlineXbrl = false;
    while (position < MAX_XBRL_BYTES) {
      const { bytesRead } = await fh.read(buf, 0, CHUNK, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      const text = carry + decoder.decode(buf.subarray(0, bytesRead), { stream: true });
      if (head.length < COVER_HTML_BYTES) head += text.slice(0, COVER_HTML_BYTES - head.length);
      if (!inlineXbrl) {
        inlineXbrl = /<ix:(header|nonnumeric|nonfraction)\b/i.test(text);
        if (!inlineXbrl) break;
      }
      for (const [k, v] of Object.entries(findCoverFacts(text))) facts[k as CoverFactName] ??= v;
      if (wanted.every((k) => facts[k] !== undefined)) break;
      carry = text.slice(-OVERLAP);
    }
    return factsFromCoverFacts(facts) ?? factsFromCoverText(htmlToCoverText(head));
  } finally {
    await fh.close();
  }
}

async function pdfFacts(path: string, signal: AbortSignal | undefined): Promise<FilingFacts> {
  // A copy of our own: transferring it to the worker cannot detach a pooled buffer.
  const bytes = new Uint8Array(await readFile(path));
  const text = await runInWorker<PdfCoverRequest, string>({
    // Its own kind, not 'pdf': a parse's workers and the Library's cover reads are counted apart.
    kind: 'facts',
    module: { callerFilename: __filename, dir: __dirname, name: 'pdf-cover-worker' },
    input: { bytes, pages: PDF_PAGES },
    transfer: [bytes.buffer],
    timeoutMs: 30_000,
    maxHeapMb: 1024,
    ...(signal ? { signal } : {}),
  });
  return factsFromCoverText(text);
}
