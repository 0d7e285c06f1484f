/**
 * A filing cut off mid-document (an interrupted download, a size-capped copy) still parses, and
 * its tables look fine up to the cut: the reader then says so, or the missing end goes unseen.
 * An HTML document that opens `<html` near its start must close it; the closing tag is looked for
 * in the last 64 KB only, so this costs nothing on a 300 MB filing.
 */
export function htmlTruncationWarning(text: string): string | undefined {
  if (!/<html[\s>]/i.test(text.slice(0, 8192))) return undefined;
  const tail = text.slice(-65536);
  if (/<\/html\s*>/i.test(tail)) return undefined;
  const size = text.length.toLocaleString('en-US');
  return `The file ends early: it opens <html> but ends after ${size} characters without </html>, so it looks cut off (an interrupted download?); the end of the document, and any tables there, may be missing.`;
}
