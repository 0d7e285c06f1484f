import { WorkbenchError } from '../../shared/api/result';
import { detectDocumentKind } from '../../shared/library/detect-document-kind';
import type { DocumentKind } from '../../shared/library/document-kind';
import type { Document } from '../../shared/document';
import { missingCase } from '../../shared/util/missing-case';
import { htmlTruncationWarning } from './html-truncation';
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
      // pdf.js is asynchronous and runs in its own worker: ingestFile (main/document) handles PDFs.
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
