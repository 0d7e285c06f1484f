import { z } from 'zod';
import { FileSummary } from './document';
import { fiscalPeriodLabel, normalizeCik } from './filing-labels';

// Kept importable from here; they live apart so the renderer's first script holds no zod.
export { fiscalPeriodLabel, normalizeCik };

/**
 * What the Library shows about a filing: who filed it, which form, the period it covers and the
 * fiscal year. Read from the inline XBRL cover facts (`dei:` tags) when the filing has them,
 * otherwise from the words of its cover page (legacy HTML, PDFs). Any field may be unknown.
 */
export const FilingFacts = z.object({
  company: z.string().nullable(),
  /** "10-K", "10-Q", "8-K", "10-K/A", … as the filing names itself. */
  form: z.string().nullable(),
  /** The period's end as an ISO date (yyyy-mm-dd). */
  periodEnd: z.string().nullable(),
  fiscalYear: z.number().int().nullable(),
  /**
   * The fiscal period the filing reports, dei:DocumentFiscalPeriodFocus as filed ("FY", "Q1",
   * "Q2", "Q3", "H1", …); "FY" for an annual report's cover read from its words. Null: unknown.
   */
  fiscalPeriod: z.string().nullable(),
  /** The filer's SEC Central Index Key, ten digits ("0000200406"), from dei:EntityCentralIndexKey. */
  cik: z.string().nullable(),
  /** Where the facts came from: the inline XBRL cover facts or the cover page's text. */
  source: z.enum(['xbrl', 'text', 'none']),
});
export type FilingFacts = z.infer<typeof FilingFacts>;

export const noFacts: FilingFacts = {
  company: null,
  form: null,
  periodEnd: null,
  fiscalYear: null,
  fiscalPeriod: null,
  cik: null,
  source: 'none',
};

/** The cover facts this module reads, by their dei: name. */
export const coverFactNames = [
  'EntityRegistrantName',
  'EntityCentralIndexKey',
  'DocumentType',
  'DocumentPeriodEndDate',
  'DocumentFiscalYearFocus',
  'DocumentFiscalPeriodFocus',
  'CurrentFiscalYearEndDate',
  'AmendmentFlag',
] as const;
export type CoverFactName = (typeof coverFactNames)[number];

const months = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

const pad = (n: number) => String(n).padStart(2, '0');

/** "June 29, 2025", "December 31 2024", "2025-06-29", "06/29/2025", "29 June 2025" -> ISO. */
export function parseCoverDate(text: string): string | null {
  const t = text.replace(/\s+/g, ' ').trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(t);
  if (m) return validDate(+m[1]!, +m[2]!, +m[3]!);
  m = /\b([A-Za-z]{3,9})\.?\s+(\d{1,2})\s*,?\s*(\d{4})\b/.exec(t);
  if (m) {
    const month = monthNumber(m[1]!);
    if (month) return validDate(+m[3]!, month, +m[2]!);
  }
  m = /\b(\d{1,2})\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})\b/.exec(t);
  if (m) {
    const month = monthNumber(m[2]!);
    if (month) return validDate(+m[3]!, month, +m[1]!);
  }
  m = /\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/.exec(t);
  if (m) return validDate(+m[3]!, +m[1]!, +m[2]!);
  return null;
}

function monthNumber(word: string): number | null {
  const w = word.toLowerCase();
  if (w.length < 3) return null;
  const i = months.findIndex((m) => m.startsWith(w) || (w.length > 3 && w.startsWith(m)));
  return i < 0 ? null : i + 1;
}

function validDate(y: number, m: number, d: number): string | null {
  if (y < 1900 || y > 2200 || m < 1 || m > 12 || d < 1) return null;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d > days ? null : `${y}-${pad(m)}-${pad(d)}`;
}

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  rsquo: '’',
  lsquo: '‘',
  ndash: '–',
  mdash: '—',
};

/** Decodes the character references a cover page uses (numeric and the common named ones). */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : +ref.slice(1);
      // Windows-1252 bytes written as references (&#146; in older filings) read as intended.
      if (code >= 0x80 && code <= 0x9f) return cp1252[code - 0x80] ?? ' ';
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
    }
    return entities[ref.toLowerCase()] ?? all;
  });
}
const cp1252 = '€ ‚ƒ„…†‡ˆ‰Š‹Œ Ž  ‘’“”•–—˜™š›œ žŸ';

/**
 * Finds the dei: cover facts in a piece of inline XBRL (`<ix:nonNumeric name="dei:…">…`), first
 * occurrence of each. The text between the tags is flattened (nested spans removed, entities
 * decoded). Facts not in `text` are absent from the answer, so callers can read a file in pieces.
 */
export function findCoverFacts(text: string): Partial<Record<CoverFactName, string>> {
  const found: Partial<Record<CoverFactName, string>> = {};
  const re = /<ix:non(?:Numeric|Fraction)\b([^>]*)>/gi;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const attrs = m[1]!;
    const name = /\bname\s*=\s*["']dei:([A-Za-z]+)["']/.exec(attrs)?.[1];
    if (!name || !(coverFactNames as readonly string[]).includes(name)) continue;
    const key = name as CoverFactName;
    if (found[key] !== undefined) continue;
    const end = closingTag(text, re.lastIndex);
    if (end < 0) continue;
    const value = flatten(text.slice(re.lastIndex, end));
    if (value) found[key] = value;
  }
  return found;
}

/**
 * Where the ix element opened just before `from` closes: facts nest (a period end date holding
 * the fiscal year end's day and month), so opening and closing tags are counted. -1 when it
 * does not close within 4,000 characters.
 */
function closingTag(text: string, from: number): number {
  const tag = /<(\/?)ix:non(?:Numeric|Fraction)\b[^>]*>/gi;
  tag.lastIndex = from;
  let depth = 1;
  for (let m = tag.exec(text); m && m.index - from <= 4000; m = tag.exec(text)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return m.index;
  }
  return -1;
}

// Tags inside a fact are inline (spans, nested facts): removed, not turned into spaces.
const flatten = (html: string) =>
  decodeEntities(html.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();

/** Facts from dei: values; null when they name no company and no form. */
export function factsFromCoverFacts(f: Partial<Record<CoverFactName, string>>): FilingFacts | null {
  if (!f.EntityRegistrantName && !f.DocumentType) return null;
  const periodEnd = f.DocumentPeriodEndDate ? parseCoverDate(f.DocumentPeriodEndDate) : null;
  const fy = f.DocumentFiscalYearFocus ? /\b(\d{4})\b/.exec(f.DocumentFiscalYearFocus) : null;
  let form = f.DocumentType ? normalizeForm(f.DocumentType) : null;
  if (form && /^true$/i.test(f.AmendmentFlag ?? '') && !form.endsWith('/A')) form += '/A';
  const yearEnd = f.CurrentFiscalYearEndDate ? monthDay(f.CurrentFiscalYearEndDate) : null;
  return {
    company: f.EntityRegistrantName ? cleanCompany(f.EntityRegistrantName) : null,
    form,
    periodEnd,
    fiscalYear: fy ? +fy[1]! : periodEnd ? fiscalYearOfEnd(periodEnd, yearEnd) : null,
    fiscalPeriod: f.DocumentFiscalPeriodFocus
      ? normalizeFiscalPeriod(f.DocumentFiscalPeriodFocus)
      : annualForm(form),
    cik: f.EntityCentralIndexKey ? normalizeCik(f.EntityCentralIndexKey) : null,
    source: 'xbrl',
  };
}

/** dei:DocumentFiscalPeriodFocus as the taxonomy spells it (FY, Q1–Q4, H1, H2, M9…); else null. */
function normalizeFiscalPeriod(text: string): string | null {
  const t = text.replace(/\s+/g, '').toUpperCase();
  return /^(FY|Q[1-4]|H[12]|M\d{1,2}|T[1-3]|CY)$/.test(t) ? t : null;
}

/** An annual report's period is its fiscal year: what a cover without the dei: focus implies. */
const annualForm = (form: string | null): string | null =>
  form !== null && /^(10-K|20-F|40-F)/.test(form) ? 'FY' : null;

/**
 * A fiscal year's end as dei:CurrentFiscalYearEndDate writes it ("--01-26", "12-31", "12/28",
 * "January 26") → [month, day].
 */
export function monthDay(text: string): [number, number] | null {
  const t = text.replace(/\s+/g, ' ').trim();
  const iso = /^(?:--)?(\d{1,2})[-/](\d{1,2})$/.exec(t);
  if (iso) return validMonthDay(+iso[1]!, +iso[2]!);
  const words = /^([A-Za-z]{3,9})\.?\s+(\d{1,2})\b/.exec(t);
  const month = words ? monthNumber(words[1]!) : null;
  return words && month ? validMonthDay(month, +words[2]!) : null;
}

const validMonthDay = (m: number, d: number): [number, number] | null =>
  m >= 1 && m <= 12 && d >= 1 && d <= 31 ? [m, d] : null;

const DAY = 86_400_000;
const utc = (iso: string) => Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10));

/**
 * The fiscal year a period ending on `periodEnd` (ISO) belongs to, named by the calendar year
 * its fiscal year ends in, as most filers name it (NVIDIA's fiscal 2026 ends in January 2026).
 * With the fiscal year's end (month, day) known: the first year end on or after the period's
 * end, allowing a week for years of 52 or 53 weeks (a quarter ended April 27, 2025 under a
 * January 26 year end is in fiscal 2026). Without it: the period end's year, or the year before
 * for a year of 52 or 53 weeks ending in the first week of January (January 1, 2022: fiscal
 * 2021). Filers that name a fiscal year by the year it starts in (Home Depot's fiscal 2024 ends
 * February 2, 2025) say so only in their own words; `fiscalYearFromText` reads those.
 */
export function fiscalYearOfEnd(periodEnd: string, yearEnd: [number, number] | null): number {
  const year = +periodEnd.slice(0, 4);
  if (yearEnd === null) {
    const early = periodEnd.slice(5, 7) === '01' && +periodEnd.slice(8, 10) <= 7;
    return early ? year - 1 : year;
  }
  const end = utc(periodEnd);
  for (const y of [year - 1, year, year + 1]) {
    const close = Date.UTC(y, yearEnd[0] - 1, yearEnd[1]);
    if (close >= end - 7 * DAY) return y;
  }
  return year;
}

function normalizeForm(raw: string): string {
  const t = raw.replace(/\s+/g, '').toUpperCase();
  return t.replace(/^(\d+)([A-Z])/, '$1-$2');
}

function cleanCompany(s: string): string {
  return s
    .replace(/\s+/g, ' ')
    .replace(/^[\s,.:;–—-]+|[\s,:;–—-]+$/g, '')
    .trim();
}

/**
 * Converts HTML to cover-page text: block elements end lines, other tags become spaces, script
 * and style bodies are dropped, entities decoded. Only meant for the first pages of a filing.
 */
export function htmlToCoverText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style|head)\b[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<\/?(p|div|br|tr|li|h[1-6]|table|center|hr)\b[^>]*>/gi, '\n')
      .replace(/<[^>]*>/g, ' '),
  )
    .replace(/[ \t\u00a0\r\f\v]+/g, ' ')
    .replace(/ *\n[\s]*/g, '\n');
}

/**
 * Facts from the words of a cover page (the first pages of a legacy HTML filing or a PDF), one
 * line per text line. General patterns of SEC cover pages: "FORM 10-K", "For the fiscal year
 * ended December 31, 2009", "For the quarterly period ended …", "Date of Report (Date of earliest
 * event reported): …", the line before "(Exact name of registrant as specified in its charter)".
 * Earnings releases and annual reports without a cover page usually yield only some of these.
 */
export function factsFromCoverText(text: string): FilingFacts {
  const flat = text.replace(/\s+/g, ' ');
  const form = coverForm(text);

  const month = String.raw`(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)`;
  const date = String.raw`(${month}\.?\s+\d{1,2}\s*,?\s*\d{4})`;
  // A two-column cover can put a few words ("Commission file") between "ended" and the date.
  const periodRe = new RegExp(
    String.raw`for\s+the\s+(?:fiscal\s+)?(?:year|quarter(?:ly\s+period)?|(?:transition\s+)?period|quarter)\s+ended:?\s*(?:[A-Za-z ]{0,30}?\s)?` +
      date,
    'i',
  );
  let periodEnd: string | null = null;
  const p = periodRe.exec(flat);
  if (p) periodEnd = parseCoverDate(p[1]!);
  if (!periodEnd) {
    const r =
      new RegExp(
        String.raw`date\s+of\s+report\s*\(date\s+of\s+earliest\s+event\s+reported\)\s*:?\s*` + date,
        'i',
      ).exec(flat) ??
      new RegExp(
        date +
          String.raw`\s*\(?\s*date\s+of\s+report\s*\(date\s+of\s+earliest\s+event\s+reported\)`,
        'i',
      ).exec(flat);
    if (r) periodEnd = parseCoverDate(r[1]!);
  }

  const company = registrantName(text) ?? tickerName(flat);
  let fiscalYear = periodEnd
    ? (fiscalYearFromText(flat, periodEnd, /\bquarter/i.test(p?.[0] ?? '')) ??
      fiscalYearOfEnd(periodEnd, null))
    : null;
  if (!form && !periodEnd) {
    // an earnings release: "Fourth Quarter Fiscal 2022 Results", "First-Quarter 2023 Results"
    const release = releasePeriod(flat, date);
    if (release) {
      periodEnd = release.periodEnd;
      fiscalYear = release.fiscalYear;
    }
  }
  if (!company && !form && !periodEnd && fiscalYear === null) return noFacts;
  return {
    company,
    form,
    periodEnd,
    fiscalYear,
    fiscalPeriod: annualForm(form),
    cik: null,
    source: 'text',
  };
}

/**
 * The fiscal year a cover page names for its own period: "fiscal year 2022 ended December 2,
 * 2022", "December 2, 2022 (fiscal 2022)", and on a quarterly report's cover "the first
 * quarter of fiscal 2026". Not any "fiscal 2023" on the page: a 10-K's cover also names the
 * next year's annual meeting and proxy statement. Null when the page ties no fiscal year to the
 * period (or names one more than a year away from its end).
 */
export function fiscalYearFromText(
  flat: string,
  periodEnd: string,
  quarterly = false,
): number | null {
  const year = +periodEnd.slice(0, 4);
  const near = (y: number) => (y >= year - 1 && y <= year + 1 ? y : null);
  const fiscal = String.raw`fiscal\s+(?:year\s+)?(\d{4})`;
  for (const m of flat.matchAll(
    new RegExp(fiscal + String.raw`\s*,?\s+(?:which\s+)?end(?:ed|ing)\s+(${monthDate})`, 'gi'),
  )) {
    if (parseCoverDate(m[2]!) === periodEnd) return near(+m[1]!);
  }
  for (const m of flat.matchAll(
    new RegExp(String.raw`(${monthDate})\s*[(\[]\s*(?:our\s+)?[“"]?` + fiscal, 'gi'),
  )) {
    if (parseCoverDate(m[1]!) === periodEnd) return near(+m[2]!);
  }
  if (!quarterly) return null;
  const quarter = new RegExp(
    String.raw`\b(?:first|second|third|fourth)\s+(?:fiscal\s+)?quarter\s+of\s+` + fiscal,
    'i',
  ).exec(flat);
  return quarter ? near(+quarter[1]!) : null;
}

const monthDate = String.raw`(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?\s+\d{1,2}\s*,?\s*\d{4}`;

/**
 * An earnings release's own period, from its headline and first lines: the fiscal year it
 * reports ("Fourth Quarter Fiscal 2022 Results", "2022 Fourth-Quarter", "results for the first
 * quarter 2023", "reports fiscal 2023 results", "full year 2022") and, when stated, the end of
 * that period ("period (“fiscal year”) ended January 28, 2023").
 */
function releasePeriod(
  flat: string,
  date: string,
): { fiscalYear: number; periodEnd: string | null } | null {
  const head = flat.slice(0, 3000);
  const quarter = String.raw`(?:first|second|third|fourth|1st|2nd|3rd|4th)[-\s]quarter`;
  const fy = String.raw`(?:fiscal\s+(?:year\s+)?)?((?:19|20)\d{2})`;
  const patterns = [
    new RegExp(
      String.raw`\b${quarter}(?:\s+(?:and\s+)?(?:full[-\s]year|fiscal\s+year))?(?:\s+of)?\s+${fy}\b`,
      'i',
    ),
    new RegExp(String.raw`\b((?:19|20)\d{2})\s+${quarter}`, 'i'),
    new RegExp(
      String.raw`\bfiscal\s+(?:year\s+)?((?:19|20)\d{2})\s+(?:full[-\s]year\s+|fourth[-\s]quarter\s+)?results\b`,
      'i',
    ),
    new RegExp(String.raw`\bfull[-\s]year\s+((?:19|20)\d{2})\b`, 'i'),
  ];
  let best: { at: number; year: number } | null = null;
  for (const re of patterns) {
    const m = re.exec(head);
    if (m && (best === null || m.index < best.at)) best = { at: m.index, year: +m[1]! };
  }
  if (best === null) return null;
  const ended = new RegExp(
    String.raw`\b(?:quarter|period|year)[”"’)]*\s*(?:\([^)]{0,40}\)\s*)?ended\s+` + date,
    'i',
  ).exec(head);
  const periodEnd = ended ? parseCoverDate(ended[1]!) : null;
  return {
    fiscalYear: best.year,
    periodEnd: periodEnd && Math.abs(+periodEnd.slice(0, 4) - best.year) <= 1 ? periodEnd : null,
  };
}

/**
 * The form a cover page names on a line of its own ("FORM 10-K", "Form 10-Q/A"), or in an EDGAR
 * header ("<TYPE>10-K" read as "TYPE 10-K"). A form mentioned inside a sentence ("see our Form
 * 10-Q") is not the document's own.
 */
function coverForm(text: string): string | null {
  for (const raw of text.split('\n').slice(0, 400)) {
    const line = raw.replace(/\s+/g, ' ').trim();
    if (line.length > 40) continue;
    const m = formLine.exec(line);
    if (m) return normalizeForm(m[1]!) + (m[2] ? '/A' : '');
  }
  return null;
}
const formLine =
  /^(?:FORM|CONFORMED SUBMISSION TYPE:?)\s+(10-K(?:405|SB|T)?|10-Q(?:SB|T)?|8-K|20-F|40-F|6-K|11-K|S-1|S-4|DEF\s?14A)(\s*\/\s*A\b)?(?:\s*[☒☐✓x]?\s*)$/i;

/** "PepsiCo, Inc. (NASDAQ: PEP)": how a press release names its company. */
function tickerName(flat: string): string | null {
  const m =
    /([A-Z][A-Za-z0-9&.,'’ -]{1,60}?)\s*\((?:NYSE|NASDAQ|Nasdaq|NYSE American)(?:\s+[A-Za-z ]{0,20})?:\s*[A-Z][A-Z.]{0,5}\)/.exec(
      flat,
    );
  if (!m) return null;
  // Keep the name itself: the words after the last sentence break or dash.
  const name = cleanCompany(m[1]!.split(/\s[-–—]\s|\.\s(?=[A-Z])/).pop() ?? '');
  return isName(name) ? name : null;
}

const exactName = /\(\s*exact\s+name\s+of\s+(?:the\s+)?registrant/i;

function registrantName(text: string): string | null {
  const lines = text
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter((l) => l !== '');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const at = line.search(exactName);
    if (at < 0) continue;
    // The name is on the same line before the note, or on the nearest line above it.
    const before = cleanCompany(line.slice(0, at));
    if (isName(before)) return before;
    for (let j = i - 1; j >= Math.max(0, i - 3); j--) {
      const cand = cleanCompany(lines[j]!);
      if (isName(cand)) return cand;
    }
    return null;
  }
  // Covers without the note: the line after "Commission file number …" when it reads as a name.
  for (let i = 0; i + 1 < lines.length && i < 200; i++) {
    if (!/commission\s+file\s+(?:number|no)/i.test(lines[i]!)) continue;
    const cand = cleanCompany(lines[i + 1]!);
    if (isName(cand) && (corporate.test(cand) || cand === cand.toUpperCase())) return cand;
  }
  // Otherwise the first capitalised line with a corporate suffix after the form's name.
  const form = lines.findIndex((l) => formLine.test(l));
  if (form < 0) return null;
  for (const line of lines.slice(form + 1, form + 40)) {
    const cand = cleanCompany(line);
    if (isName(cand) && corporate.test(cand) && cand === cand.toUpperCase()) return cand;
  }
  return null;
}
const corporate =
  /\b(inc|incorporated|corp|corporation|co|company|plc|ltd|limited|llc|lp|n\.?v|s\.?a|ag|se|group|holdings?)\b\.?/i;

function isName(s: string): boolean {
  if (s.length < 2 || s.length > 120) return false;
  if (!/[A-Za-z]/.test(s)) return false;
  return !/commission\s+file|file\s+number|^\(|exchange\s+act|for\s+the\s+|transition\s+period|^or$/i.test(
    s,
  );
}

/** A library file as the Library lists it: its summary and its filing facts when read. */
export const LibraryEntry = FileSummary.extend({
  /** Null until the facts have been read (in the background, just after import). */
  facts: FilingFacts.nullable(),
});
export type LibraryEntry = z.infer<typeof LibraryEntry>;
