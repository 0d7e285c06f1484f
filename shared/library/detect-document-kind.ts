// Without zod (document-kind.ts holds the schema): the SEC reader asks this of every file it
// reads, and a CLI ingest loads no schema library.

export const documentKinds = ['sec-html', 'pdf', 'dataset', 'other'] as const;
type DocumentKind = (typeof documentKinds)[number];

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
