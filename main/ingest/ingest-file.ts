import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { WorkbenchError } from '../../shared/api/result';
import { detectDocumentKind, type DocumentKind } from '../../shared/library/document-kind';
import type { Document } from '../../shared/model';
import { missingCase } from '../../shared/util/missing-case';
import { parseInWorker } from '../document/parse-in-worker';
import { htmlTruncationWarning } from './html-truncation';
import { ingestPdf, PdfIngestError } from './pdf';
import { ingestSecHtml, type SecHtmlOptions } from './sec-html/ingest-sec-html';

// Windows-1252 characters for bytes 0x80-0x9F (ISO-8859-1 has control codes there). Spelled
// out because Node builds without full ICU decode "windows-1252" as ISO-8859-1.
const cp1252High =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * Filing bytes to text: UTF-8 when the bytes are valid UTF-8 (inline XBRL filings are), else
 * Windows-1252, the encoding of older EDGAR HTML that writes "’" and "—" as single bytes.
 */
export function decodeHtml(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      .toString('latin1')
      .replace(/[\u0080-\u009f]/g, (c) => cp1252High[c.charCodeAt(0) - 0x80] ?? c);
  }
}

/** The kind the library would give these bytes (content first, then the name). */
export function kindOf(name: string, bytes: Uint8Array): DocumentKind {
  return detectDocumentKind(name, Buffer.from(bytes.subarray(0, 8192)).toString('latin1'));
}

/** Reads one file's bytes into the Document model, choosing the ingester by kind. */
export function ingestBytes(
  name: string,
  bytes: Uint8Array,
  options: SecHtmlOptions = {},
): Document {
  const kind = kindOf(name, bytes);
  switch (kind) {
    case 'sec-html': {
      const text = decodeHtml(bytes);
      const model = ingestSecHtml(text, { name, bytes: bytes.byteLength }, options);
      const cut = htmlTruncationWarning(text);
      return cut ? { ...model, warnings: [cut, ...model.warnings] } : model;
    }
    case 'pdf':
      // pdf.js is asynchronous and runs in its own worker: ingestFile handles PDFs.
      throw new WorkbenchError(
        'unsupported',
        `${name}: unsupported kind "pdf" for synchronous ingest; use ingestFile`,
      );
    case 'dataset':
    case 'other':
      throw new WorkbenchError(
        'unsupported',
        `${name}: unsupported kind "${kind}": ingest reads SEC filings in HTML (10-K, 10-Q)`,
      );
    default:
      return missingCase(kind);
  }
}

/**
 * Reads a file from disk and ingests it in a worker thread (pdf.js for PDFs, the parse worker
 * for filings); unreadable paths fail with a message naming them.
 */
export async function ingestFile(path: string): Promise<Document> {
  const name = basename(path);
  let bytes: Buffer;
  try {
    const s = await stat(path);
    if (!s.isFile())
      throw new WorkbenchError('file-unreadable', `${name}: not a regular file (${path})`);
    bytes = await readFile(path);
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
    try {
      return await ingestPdf({ name, bytes });
    } catch (e) {
      if (e instanceof PdfIngestError)
        throw new WorkbenchError(e.code === 'aborted' ? 'cancelled' : 'file-unreadable', e.message);
      throw e;
    }
  }
  if (kind !== 'sec-html') return ingestBytes(name, bytes); // refuses it with the reason
  // In the parse worker (main/jobs) like the app's parses: the same limits, and Ctrl-C in the
  // CLI can stop it (a parse on the main thread would hold the signal until it finished).
  const json = await parseInWorker()({ path, name, kind }, () => undefined);
  return JSON.parse(new TextDecoder().decode(json.$jsonBytes)) as Document;
}
