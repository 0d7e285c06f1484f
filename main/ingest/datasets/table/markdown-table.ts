/** A markdown text cut into its pipe tables and the text around them, in order. */
export type MarkdownPart = { kind: 'table'; rows: string[][] } | { kind: 'text'; text: string };

const separatorRow = /^\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?$/;
const isTableLine = (line: string) => line.trim().startsWith('|');

/** Cells of one "| a | b |" line; "\|" stays a literal pipe, other backslash escapes are undone. */
function splitRow(line: string): string[] {
  let t = line.trim();
  if (t.startsWith('|')) t = t.slice(1);
  if (t.endsWith('|') && !t.endsWith('\\|')) t = t.slice(0, -1);
  return t.split(/(?<!\\)\|/).map((c) => unescapeMarkdown(c).trim());
}

export const unescapeMarkdown = (s: string) => s.replace(/\\([\\`*_{}[\]()#+\-.!|])/g, '$1');

/**
 * DocMath / FinanceMath tables are GitHub-style pipe tables, sometimes followed by footnotes
 * ("\* The last sale of a similar truck ..."). The separator row is dropped; the markdown
 * header row is kept as an ordinary first row, because FinanceMath often puts data there
 * ("| Total revenue | $460,000 |") and the table builder decides what is a header.
 */
export function splitMarkdown(markdown: string): MarkdownPart[] {
  const parts: MarkdownPart[] = [];
  let text: string[] = [];
  let rows: string[][] | null = null;
  const flushText = () => {
    const joined = text.join('\n').trim();
    if (joined !== '') parts.push({ kind: 'text', text: unescapeMarkdown(joined) });
    text = [];
  };
  for (const line of markdown.split(/\r?\n/)) {
    if (isTableLine(line)) {
      if (rows === null) {
        flushText();
        rows = [];
        parts.push({ kind: 'table', rows });
      }
      if (!separatorRow.test(line.trim())) rows.push(splitRow(line));
      continue;
    }
    rows = null;
    text.push(line);
  }
  flushText();
  return parts;
}
