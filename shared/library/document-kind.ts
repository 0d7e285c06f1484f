import { z } from 'zod';

export const documentKinds = ['sec-html', 'pdf', 'dataset', 'other'] as const;
export const DocumentKind = z.enum(documentKinds);
export type DocumentKind = z.infer<typeof DocumentKind>;

/**
 * Decides a document's kind from its name and first bytes (decoded as latin1 so any byte
 * sequence is a valid string). Content wins over the extension: a PDF renamed .txt is a PDF.
 */
export function detectDocumentKind(name: string, head: string): DocumentKind {
  if (head.startsWith('%PDF-')) return 'pdf';
  const lower = name.toLowerCase();
  const text = head.slice(0, 4096).toLowerCase();
  if (/\.(x?html?)$/.test(lower) || /<html|<!doctype html/.test(text)) {
    // SEC filings announce themselves through EDGAR headers, inline XBRL or form names.
    if (
      /xmlns:ix=|<ix:header|sec-header|<type>10-[kq]|form 10-[kq]|securities and exchange commission/.test(
        text,
      ) ||
      /\b10-?[kq]\b/.test(lower)
    ) {
      return 'sec-html';
    }
    return 'other';
  }
  if (/\.(json|jsonl)$/.test(lower) && /^\s*[[{]/.test(head)) return 'dataset';
  if (lower.endsWith('.pdf')) return 'pdf';
  return 'other';
}

/**
 * Why a file's content does not match what its name says, or undefined when it does (or the
 * name promises nothing checked here): a ".pdf" must carry the %PDF- header in its first 1,024
 * bytes (where PDF readers look for it), a ".htm"/".html" must start with markup. Catching these
 * at import says so at once, instead of when the document is first opened.
 */
export function contentMismatch(name: string, head: string): string | undefined {
  const lower = name.toLowerCase();
  if (lower.endsWith('.pdf') && !head.slice(0, 1024).includes('%PDF-'))
    return `not a PDF: it has no %PDF- header in its first 1,024 bytes${looksLike(head)}`;
  if (/\.x?html?$/.test(lower)) {
    const start = head.slice(0, 4096);
    if (
      start.includes('\u0000') ||
      !/<\s*(!doctype|html|head|body|\?xml|!--|[a-z][\w:-]*[\s>/])/i.test(start)
    )
      return `not HTML: its first 4 KB hold no markup${looksLike(head)}`;
  }
  return undefined;
}

/** " (it looks like a ZIP archive)": a hint from well-known file signatures. */
function looksLike(head: string): string {
  if (head.startsWith('%PDF-')) return ' (it is a PDF)';
  if (head.startsWith('PK\u0003\u0004'))
    return ' (it looks like a ZIP archive or an Office document)';
  if (head.startsWith('\u0089PNG')) return ' (it looks like a PNG image)';
  if (head.startsWith('\u00ff\u00d8\u00ff')) return ' (it looks like a JPEG image)';
  if (/^\s*</.test(head)) return ' (it looks like HTML or XML)';
  if (/^\s*[[{]/.test(head)) return ' (it looks like JSON)';
  return '';
}
