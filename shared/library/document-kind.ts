import { z } from 'zod';
import { documentKinds } from './detect-document-kind';

export { detectDocumentKind, documentKinds } from './detect-document-kind';
export const DocumentKind = z.enum(documentKinds);
export type DocumentKind = z.infer<typeof DocumentKind>;

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
