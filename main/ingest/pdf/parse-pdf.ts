import {
  documentSchemaVersion,
  type Block,
  type Document,
  type Table,
} from '../../../shared/document';
import { PdfIngestError } from './errors';
import { pageText } from './page-text';
import { parsePage } from './page-parse';
import { loadPdfJs, pdfJsAssetDirs, type PdfDocumentProxy } from './pdfjs';

export interface PdfLimits {
  /** Refuse documents with more pages than this. */
  maxPages: number;
  /** Refuse files larger than this many bytes. */
  maxBytes: number;
  /** Stop after this many milliseconds. */
  timeoutMs: number;
}

export const defaultPdfLimits: PdfLimits = {
  maxPages: 2000,
  maxBytes: 200 * 1024 * 1024,
  timeoutMs: 5 * 60 * 1000,
};

export interface PdfProgress {
  /** Pages done so far (1-based count) and the total. */
  page: number;
  pages: number;
  /**
   * That page's blocks and tables as they go into the Document (same objects, same ids), for a
   * caller that shows the pages read so far while the rest is read (the document view). Absent
   * where progress crossed a thread as counts only (parsePdfInWorker).
   */
  parsed?: { blocks: Block[]; tables: Table[] };
}

export interface PdfParseResult {
  document: Document;
  pageCount: number;
  /** Pages with at least one line of text (scanned pages have none). */
  pagesWithText: number;
  ms: number;
}

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(Math.max(0, from), Math.min(bytes.length, to)));

/** Cheap checks that name the problem better than pdf.js's "Invalid PDF structure." can. */
function checkBytes(name: string, bytes: Uint8Array, limits: PdfLimits): void {
  if (bytes.length === 0) throw new PdfIngestError('empty', name, 'empty file (0 bytes)');
  if (bytes.length > limits.maxBytes) {
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
    throw new PdfIngestError(
      'too-large',
      name,
      `file too large (${mb(bytes.length)} > ${mb(limits.maxBytes)})`,
    );
  }
  // The header may follow a little junk (some generators prepend a BOM or mail headers).
  if (!ascii(bytes, 0, 1024).includes('%PDF-')) {
    throw new PdfIngestError('not-pdf', name, 'not a PDF (missing %PDF header)');
  }
}

const hasEofMarker = (bytes: Uint8Array) =>
  ascii(bytes, bytes.length - 2048, bytes.length).includes('%%EOF');

function openError(name: string, bytes: Uint8Array, err: unknown): PdfIngestError {
  const e = err instanceof Error ? err : new Error(String(err));
  if (e.name === 'PasswordException') {
    return new PdfIngestError('password', name, `password-protected (pdf.js: ${e.message})`);
  }
  const eof = hasEofMarker(bytes) ? '' : 'no %%EOF end marker; ';
  return new PdfIngestError('corrupt', name, `truncated or corrupt (${eof}pdf.js: ${e.message})`);
}

/** "3", "3-5", "3-5, 9": consecutive pages folded into ranges. */
function pageRanges(pages: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < pages.length;) {
    let j = i;
    while (j + 1 < pages.length && pages[j + 1] === pages[j]! + 1) j++;
    parts.push(i === j ? `${pages[i]}` : `${pages[i]}–${pages[j]}`);
    i = j + 1;
  }
  return parts.join(', ');
}

/**
 * What the reader of this PDF should know: pages without a text layer are images (scans) we
 * cannot read, so their tables are missing, not absent; a text PDF without a single table
 * usually means the layout defeated the table detector.
 */
function pdfWarnings(pageCount: number, textless: readonly number[], tables: number): string[] {
  const warnings: string[] = [];
  if (textless.length === pageCount && pageCount > 0) {
    warnings.push(
      `No page has a text layer (pages ${pageRanges(textless)}): this looks like a scanned PDF, so no text or tables could be read.`,
    );
  } else if (textless.length > 0) {
    const one = textless.length === 1;
    warnings.push(
      `${one ? 'Page' : 'Pages'} ${pageRanges(textless)} ${one ? 'has' : 'have'} no text layer (scanned ${one ? 'image' : 'images'}?): no text or tables could be read from ${one ? 'it' : 'them'}.`,
    );
  }
  if (tables === 0 && textless.length < pageCount) {
    warnings.push(
      'No tables were detected on any page: its numbers can be read only in the text blocks.',
    );
  }
  return warnings;
}

function titleOf(name: string, blocks: Block[]): string {
  const onFirstPage = blocks.filter((b) => b.location.kind === 'pdf' && b.location.page === 1);
  const heading =
    onFirstPage.find((b) => b.type === 'heading' && b.level <= 2) ??
    onFirstPage.find((b) => b.type === 'heading');
  if (heading && heading.type === 'heading') return heading.text;
  return name.replace(/\.pdf$/i, '');
}

/** pdf.js's document for the bytes; a file it cannot open is refused with the reason. */
async function openPdf(name: string, bytes: Uint8Array): Promise<PdfDocumentProxy> {
  const pdfjs = await loadPdfJs();
  // pdf.js may take ownership of the buffer it is given; keep our copy for error messages.
  const task = pdfjs.getDocument({
    data: bytes.slice(),
    verbosity: 0,
    isEvalSupported: false,
    useSystemFonts: false,
    ...pdfJsAssetDirs(),
  });
  try {
    return await task.promise;
  } catch (err) {
    await task.destroy();
    throw openError(name, bytes, err);
  }
}

/** Page `n`'s positioned text; pdf.js failing on it means a truncated or corrupt file. */
async function readPageText(
  doc: PdfDocumentProxy,
  n: number,
  name: string,
  eofOk: boolean,
): Promise<Awaited<ReturnType<typeof pageText>>> {
  try {
    const page = await doc.getPage(n);
    const text = await pageText(page, n);
    page.cleanup();
    return text;
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    const eof = eofOk ? '' : 'no %%EOF end marker; ';
    throw new PdfIngestError(
      'corrupt',
      name,
      `truncated or corrupt (${eof}page ${n}: pdf.js: ${e.message})`,
    );
  }
}

/** Every page's tables and blocks in order, within the page and time limits. */
async function readPages(
  doc: PdfDocumentProxy,
  name: string,
  run: { started: number; limits: PdfLimits; eofOk: boolean },
  onProgress: (p: PdfProgress) => void,
): Promise<{ tables: Table[]; blocks: Block[]; textless: number[] }> {
  const { started, limits } = run;
  const pages = doc.numPages;
  if (pages > limits.maxPages) {
    throw new PdfIngestError(
      'too-many-pages',
      name,
      `too many pages (${pages} > limit ${limits.maxPages})`,
    );
  }
  const tables: Table[] = [];
  const blocks: Block[] = [];
  const textless: number[] = [];
  for (let n = 1; n <= pages; n++) {
    if (Date.now() - started > limits.timeoutMs) {
      throw new PdfIngestError(
        'timeout',
        name,
        `took longer than ${limits.timeoutMs / 1000} s (stopped at page ${n} of ${pages})`,
      );
    }
    const text = await readPageText(doc, n, name, run.eofOk);
    // Outside readPageText's try: a fault in our own layout code is a crash to report, not a
    // bad file.
    const parsed = parsePage(text);
    if (parsed.lineCount === 0) textless.push(n);
    tables.push(...parsed.tables);
    blocks.push(...parsed.blocks);
    onProgress({ page: n, pages, parsed: { blocks: parsed.blocks, tables: parsed.tables } });
  }
  return { tables, blocks, textless };
}

/**
 * Reads a PDF into the Document model, page by page, reporting progress after each page.
 * Runs in the calling thread: the app calls it through `parsePdfInWorker`.
 */
export async function parsePdfBytes(
  name: string,
  bytes: Uint8Array,
  limits: PdfLimits = defaultPdfLimits,
  onProgress: (p: PdfProgress) => void = () => undefined,
): Promise<PdfParseResult> {
  const started = Date.now();
  checkBytes(name, bytes, limits);
  const size = bytes.length;
  const eofOk = hasEofMarker(bytes);
  const doc = await openPdf(name, bytes);
  try {
    const pages = doc.numPages;
    const { tables, blocks, textless } = await readPages(
      doc,
      name,
      { started, limits, eofOk },
      onProgress,
    );
    const document: Document = {
      schemaVersion: documentSchemaVersion,
      source: { name, kind: 'pdf', bytes: size },
      title: titleOf(name, blocks),
      pageCount: pages,
      blocks,
      tables,
      warnings: pdfWarnings(pages, textless, tables.length),
    };
    return {
      document,
      pageCount: pages,
      pagesWithText: pages - textless.length,
      ms: Date.now() - started,
    };
  } finally {
    await doc.destroy();
  }
}
