import type { Document, Table } from '../../../shared/document';

export interface OutlineEntry {
  id: string;
  kind: 'heading' | 'table';
  /** The whole entry: "Consolidated Statements of Income — p. 62". */
  text: string;
  level: number;
  /** The end of `text` that must stay in view when the rest is cut: " — p. 62", " (2)". */
  suffix?: string;
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** A scale statement set between a title and its table: "(In thousands, except per share data)". */
const scaleLine = (s: string) => /^\(.*\)$/.test(s.trim()) && s.length <= 120;

/** Words a title keeps in lower case (all but the first). */
const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'for',
  'from',
  'in',
  'of',
  'on',
  'or',
  'per',
  'the',
  'to',
  'with',
]);
/** Three-letter words that are words, not acronyms (NET INCOME reads "Net Income"). */
const SHORT_WORDS = new Set(['net', 'tax', 'all', 'due', 'end', 'new', 'non', 'not', 'pay', 'use']);

/** "CONSOLIDATED STATEMENTS OF INCOME" → "Consolidated Statements of Income"; acronyms stay. */
function titleCase(text: string): string {
  return text
    .split(/(\s+)/)
    .map((w, i) => {
      const lower = w.toLowerCase();
      const letters = lower.replace(/[^\p{L}]/gu, '');
      if (i > 0 && SMALL_WORDS.has(letters)) return lower;
      // Two or three capitals ("SEC", "U.S.") are an acronym unless a known word.
      if (letters.length <= 3 && !SHORT_WORDS.has(letters) && !SMALL_WORDS.has(letters)) return w;
      return lower.replace(/\p{L}/u, (c) => c.toUpperCase());
    })
    .join('');
}

/** "ADOBE SYSTEMS INCORPORATED CONSOLIDATED BALANCE SHEETS": the company name before the title. */
const COMPANY_PREFIX =
  /^(?:[\p{L}\p{N}.&'’-]+\s+){1,5}?(?:incorporated|inc\.?|corporation|corp\.?|company|limited|ltd\.?|llc|plc|n\.v\.|s\.a\.)(?:,?\s+and\s+subsidiaries)?,?\s+/iu;

/**
 * A PDF table's caption as a title, or undefined when what the reader took for its caption is
 * not one: the tail of a sentence ("2015 were as follows", "Yen):"), a line of column headers
 * ("Shares Amount Capital … Shares Amount Total"), or one word of the table's own headers
 * ("Total"). A company name before the title is left out and an all-capitals title is written
 * in title case.
 */
export function pdfCaptionTitle(
  table: Pick<Table, 'caption' | 'columnHeaders'>,
): string | undefined {
  let text = table.caption.replace(/\s+/g, ' ').trim();
  if (text === '' || /^\p{Ll}/u.test(text)) return undefined;
  // A sentence's tail: a figure followed by words in lower case.
  if (/^[\d$(]/.test(text) && /\s\p{Ll}{2,}/u.test(text)) return undefined;
  // An unbalanced closing parenthesis: the end of a line whose start was elsewhere.
  if ((text.match(/\)/g) ?? []).length > (text.match(/\(/g) ?? []).length) return undefined;
  const words = text.split(' ');
  // A header line: a long run of capitalised words with one repeated ("Shares Amount … Shares").
  const capitalised = words.filter((w) => /^\p{Lu}/u.test(w) && !SMALL_WORDS.has(w.toLowerCase()));
  if (words.length >= 6 && new Set(capitalised).size < capitalised.length) return undefined;
  if (words.length === 1) {
    const headerWords = new Set(norm(headerTexts(table.columnHeaders).join(' ')).split(' '));
    if (headerWords.has(norm(text))) return undefined;
  }
  text = text.replace(/:$/, '');
  const withoutCompany = text.replace(COMPANY_PREFIX, '');
  if (withoutCompany !== text && withoutCompany.split(' ').length >= 2) text = withoutCompany;
  if (!/\p{Ll}/u.test(text)) text = titleCase(text);
  return text;
}

function headerTexts(nodes: Table['columnHeaders']): string[] {
  return nodes.flatMap((n) => [n.text, ...headerTexts(n.children)]);
}

/**
 * The first row label of a table (the first that starts a sentence, when one does: a label in
 * lower case is the tail of a wrapped line), cut at a word near 40 characters.
 */
function firstLabel(table: Pick<Table, 'rows'>): string | undefined {
  const labels = table.rows.filter((r) => r.kind !== 'header' && r.label.trim() !== '');
  const label = (labels.find((r) => !/^\s*\p{Ll}/u.test(r.label)) ?? labels[0])?.label;
  if (!label) return undefined;
  const text = label.replace(/\s+/g, ' ').trim();
  if (text.length <= 40) return text;
  const cut = text.slice(0, 40);
  return cut.slice(0, cut.lastIndexOf(' ') > 20 ? cut.lastIndexOf(' ') : 40);
}

/**
 * What a PDF table is called (without its page): its caption when that reads as a title, else
 * its first row label followed by "…" (it names the table's content, not its title), else
 * undefined.
 */
export function pdfTableName(
  table: Pick<Table, 'caption' | 'columnHeaders' | 'rows'>,
): string | undefined {
  const title = pdfCaptionTitle(table);
  if (title) return title;
  const label = firstLabel(table);
  return label ? `${label} …` : undefined;
}

/** A PDF table with its page: "Consolidated Statements of Income — p. 62". */
export function pdfTableTitle(table: Pick<Table, 'caption' | 'columnHeaders' | 'rows' | 'page'>) {
  const name = pdfTableName(table);
  if (table.page === undefined) return name;
  return name ? `${name} — p. ${table.page}` : `Table on page ${table.page}`;
}

/**
 * The outline's entries in reading order. Headings that only repeat the title of the table right
 * after them (a filing's "NVIDIA Corporation and Subsidiaries" / "Consolidated Statements of
 * Income" / "(In millions…)" above a table whose caption holds all three; a scale statement may
 * stand between) are left out, the table entry carrying the title; a heading repeating the
 * entry just before it is left out too, and so is a parenthesised one ("(In thousands)"). Tables are named by their caption, else "Table N"; a
 * PDF's tables by their title or first row label and their page ("Revenue … — p. 44"), else
 * "Table on page N". Entries that would read the same are numbered: "… (2)".
 */
export function outlineEntries(model: Document): OutlineEntry[] {
  const tables = new Map(model.tables.map((t) => [t.id, t]));
  const out: OutlineEntry[] = [];
  const blocks = model.blocks;
  let tableNumber = 0;
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (b.type === 'heading') {
      // The table this heading run stands over, if only headings (and a scale statement) lie
      // between them.
      let j = i + 1;
      for (; j < blocks.length; j++) {
        const between = blocks[j]!;
        if (between.type === 'table') break;
        if (between.type === 'paragraph' && !scaleLine(between.text)) break;
      }
      const next = blocks[j];
      const caption = next?.type === 'table' ? norm(tables.get(next.id)?.caption ?? '') : '';
      const text = norm(b.text);
      // A parenthesised line ("(In thousands)") qualifies what follows; it is no section.
      if (text === '' || scaleLine(b.text) || (caption !== '' && caption.includes(text))) continue;
      const prev = out.at(-1);
      if (prev && norm(prev.text) === text) continue;
      out.push({ id: b.id, kind: 'heading', text: b.text, level: b.level });
    } else if (b.type === 'table') {
      tableNumber++;
      const t = tables.get(b.id);
      const text =
        (t?.page !== undefined ? pdfTableTitle(t) : t?.caption.trim()) || `Table ${tableNumber}`;
      const page = t?.page !== undefined ? ` — p. ${t.page}` : '';
      out.push({
        id: b.id,
        kind: 'table',
        text,
        level: 0,
        ...(page && text.endsWith(page) ? { suffix: page } : {}),
      });
    }
  }
  return numberRepeats(out);
}

/** The second and later table entries with the same text get "(2)", "(3)", … */
function numberRepeats(entries: OutlineEntry[]): OutlineEntry[] {
  const seen = new Map<string, number>();
  return entries.map((e) => {
    if (e.kind !== 'table') return e;
    const n = (seen.get(e.text) ?? 0) + 1;
    seen.set(e.text, n);
    return n === 1 ? e : { ...e, text: `${e.text} (${n})`, suffix: `${e.suffix ?? ''} (${n})` };
  });
}
