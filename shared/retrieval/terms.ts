/**
 * Words for full-text retrieval: the one normaliser applied both to what is indexed and to the
 * question, so "FY2018" in a question meets "2018" in a header, and "$1,577" meets "1577".
 * Pure (no SQLite), so the query builder is unit-tested on its own.
 */

/**
 * English function words and the boilerplate of benchmark questions ("give a response ... by
 * relying on the details shown in"). They carry no evidence, and in an OR query they would pull
 * in every sentence. Words that do name evidence stay even when frequent: "total", "net",
 * "year", "change", "value", "number", "state", "used" and "provided" (fair value, number of
 * shares, state taxes, right-of-use, cash provided by), and every number.
 */
const STOP_WORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being
  below between both but by can could did do does doing down during each few for from further
  had has have having he her here hers herself him himself his how i if in into is it its itself
  just me more most my myself no nor not now of off on once only or other our ours ourselves out
  over own same she should so some such than that the their theirs them themselves then there
  these they this those through to too under until up very was we were what when where which
  while who whom why will with would you your yours yourself yourselves also per
  may might must shall whose whether within without upon via
  answer answers give given question questions response respond relying rely based basis
  detail details shown show shows showing provide please using calculate calculated compute
  computed find according outlined round rounded decimal decimals places place nearest amount
  amounts figure figures much many respectively approximately roughly assume assuming analyst
  analysts public equities primarily information following judgment judgments judgement base
  drawing conclusions conclusion explain metric useful relevant like units define defined
  definition solution extract extracted data fy
  what's whats`
    .split(/\s+/)
    .filter((w) => w !== ''),
);

/**
 * Financial words a question uses for what filings call otherwise ("capex" is "Purchases of
 * property, plant and equipment", a balance sheet is a "statement of financial position",
 * operating margin is read from operating income and revenue). A question matching a pattern
 * also searches for these words, at half weight (expansions are guesses; the question's own
 * words stay decisive). General vocabulary of 10-K statements, not tuned to any question.
 */
const FINANCE_EXPANSIONS: [RegExp, string][] = [
  [
    /\bcapex\b|capital expenditure|capital[- ]intensive/,
    'purchases property plant equipment capital expenditures',
  ],
  [/\bpp&?n?e\b|fixed assets?\b/, 'property plant equipment'],
  [
    /working capital|quick ratio|current ratio|liquidity/,
    'current assets liabilities cash equivalents receivable',
  ],
  [/operating margin/, 'operating income revenue sales'],
  [/gross margin/, 'gross profit margin cost sales revenue'],
  [/\bebitda\b/, 'operating income depreciation amortization'],
  [/free cash flow|\bfcf\b/, 'operating activities purchases property plant equipment'],
  [
    /cash flows? statement|statements? of cash flows?/,
    'statements cash flows operating investing financing activities',
  ],
  [
    /balance sheet|financial position/,
    'balance sheets financial position total assets liabilities equity',
  ],
  [
    /income statement|statements? of (income|operations|earnings)|p&l/,
    'statements income operations earnings',
  ],
  [/effective tax rate/, 'effective tax rate income taxes provision'],
  [/\beps\b/, 'earnings per share diluted'],
  [/\bsg&a\b/, 'selling general administrative expenses'],
  [/\bd&a\b/, 'depreciation amortization'],
  [/dividend/, 'dividends declared paid per share'],
  [/acquisitions?\b|acquired|\bm&a\b/, 'acquisitions acquired business combinations'],
  [/repurchases?|buybacks?/, 'repurchases repurchased shares treasury'],
  [/legal|litigation|lawsuits?/, 'legal proceedings litigation contingencies'],
  [/geograph/, 'geographic regions international'],
  [/\bdebt\b/, 'long term debt borrowings notes'],
  [/revenue/, 'revenues sales'],
  // Filings head their columns "Year Ended Jan 26, 2025" where questions say "fiscal 2025".
  [/\bfiscal\b|\bfy\s?\d/, 'year ended'],
];

/**
 * Each term costs one FTS5 lookup per column; a question pasted with pages of text would cost
 * hundreds. The first 64 distinct words say what it asks.
 */
export const MAX_TERMS = 64;

export interface WeightedTerm {
  term: string;
  weight: number;
}

/**
 * The question's terms at weight 1, then the expansion words the question's financial
 * phrases call for (FINANCE_EXPANSIONS) at weight 0.5, without repeats.
 */
export function searchTerms(question: string): WeightedTerm[] {
  const own = questionTerms(question).slice(0, MAX_TERMS);
  const seen = new Set(own);
  const out: WeightedTerm[] = own.map((term) => ({ term, weight: 1 }));
  const lower = question.toLowerCase();
  for (const [pattern, words] of FINANCE_EXPANSIONS) {
    if (!pattern.test(lower)) continue;
    for (const w of words.split(' ')) {
      if (seen.has(w)) continue;
      seen.add(w);
      out.push({ term: w, weight: 0.5 });
    }
  }
  return out;
}

/** Is this (lower-case) word a stop word? */
export const isStopWord = (word: string): boolean => STOP_WORDS.has(word);

/**
 * Text as the index sees it: thousands separators dropped inside numbers ("130,497" is one
 * token, as the question would write "130497" or "130,497"), and letters split from digits
 * ("FY2018" → "FY 2018", "Q4" → "Q 4") so fiscal labels meet plain years. Everything else is
 * left to FTS5's tokenizer (unicode61 with Porter stemming), which lower-cases and splits on
 * punctuation.
 */
export function normaliseForIndex(text: string): string {
  return text
    .replace(/(\d),(?=\d{3}(?!\d))/g, '$1')
    .replace(/(\p{L})(?=\p{N})/gu, '$1 ')
    .replace(/(\p{N})(?=\p{L})/gu, '$1 ');
}

/**
 * The question's search terms, lower-cased, in order of first appearance, without stop words
 * and without repeats. Single letters and single digits are dropped (a stray "s", the "3" of
 * "Q3" that would match every "3" in the tables), longer numbers and years are kept.
 */
export function questionTerms(question: string): string[] {
  const words =
    normaliseForIndex(question)
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const out: string[] = [];
  const seen = new Set<string>();
  for (const w of words) {
    if (w.length < 2 || STOP_WORDS.has(w) || seen.has(w)) continue;
    seen.add(w);
    out.push(w);
  }
  return out;
}

/**
 * An FTS5 MATCH expression: every term quoted and OR-ed, so nothing a user types (quotes,
 * colons, parentheses, NEAR, AND) can be read as FTS5 syntax, and a unit matching more of the
 * question's terms ranks higher through bm25(). null when the question has no usable term.
 */
export function ftsQuery(terms: readonly string[]): string | null {
  if (terms.length === 0) return null;
  return terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ');
}

/**
 * How many tokens FTS5's unicode61 tokenizer makes of (normalised) text: runs of letters and
 * digits. Stored per unit and column for BM25F's length normalisation.
 */
export const tokenCount = (text: string): number => text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
