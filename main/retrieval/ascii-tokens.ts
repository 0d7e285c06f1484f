/**
 * FTS5's `porter unicode61 remove_diacritics 2` tokenizer (the one of `retrieval_units`,
 * main/retrieval/index-schema.ts) for text that is all ASCII, in JavaScript: the same tokens,
 * without a round trip through an FTS5 table. Building a dataset record's postings through FTS5
 * (insert into a temp table, read its vocabulary, `delete-all`) and tokenizing each question's
 * terms the same way were a fifth of a run's index build and search (issue 26, docs/BENCHMARKS.md
 * "Runs engine"). Text holding any other character returns undefined and goes through FTS5 as
 * before: only SQLite's Unicode tables say which of those are letters and what they fold to
 * (a few common separators excepted, see SEPARATORS_OUTSIDE_ASCII).
 *
 * A port of SQLite's fts5UnicodeTokenize (ASCII branch) and fts5PorterCb (sqlite3.c,
 * `fts5_tokenize.c`); test/integration/retrieval/ascii-tokens.test.ts checks it token for token
 * against FTS5 on every unit of real records and on the stemmer's rules.
 */

/** unicode61 on ASCII: a token is a run of letters and digits, lower-cased; the rest separates. */
const ASCII_TOKEN = /[a-z0-9]+/g;

/**
 * Characters outside ASCII that unicode61 reads as separators, as filings and dataset records
 * use them: typographic quotes and dashes, no-break space, currency and a few signs. Two thirds
 * of TAT-QA's records hold one (’ alone is in 237 of 278): without them those records' units
 * would go through FTS5 anyway. The test checks each one against FTS5.
 */
export const SEPARATORS_OUTSIDE_ASCII =
  '\u00a0\u00a1\u00a2\u00a3\u00a5\u00a7\u00a9\u00ae\u00af\u00b0\u00b1\u00b6\u00b7\u00d7\u00f7' +
  '\u2010\u2011\u2012\u2013\u2014\u2015\u2018\u2019\u201c\u201d\u2022\u2026\u2030\u2032\u2033' +
  '\u20ac\u2122\u2212';

/**
 * Text this tokenizer reads: ASCII and those separators (no character whose token or folding
 * only FTS5's Unicode tables know).
 */
const SIMPLE_TEXT = new RegExp(`^[\\x00-\\x7f${SEPARATORS_OUTSIDE_ASCII}]*$`);

/** fts5PorterCb: tokens longer than this (bytes) or shorter than 3 are not stemmed. */
const PORTER_MAX_TOKEN = 64;

/** Stems kept (a filing or a dataset repeats its words); cleared when full. */
const STEM_CACHE = 50_000;
const stems = new Map<string, string>();

/**
 * The tokens FTS5 makes of `text` in order, or undefined when it holds a character outside
 * ASCII other than SEPARATORS_OUTSIDE_ASCII.
 */
export function asciiTokens(text: string): string[] | undefined {
  if (!SIMPLE_TEXT.test(text)) return undefined;
  // Lower-cased first: only A-Z change (the separators outside ASCII have no lower case).
  const words = text.toLowerCase().match(ASCII_TOKEN);
  if (words === null) return [];
  for (let i = 0; i < words.length; i++) words[i] = porterToken(words[i]!);
  return words;
}

/** fts5PorterCb on one lower-cased token (memoized: a pure function of the token). */
export function porterToken(token: string): string {
  if (token.length > PORTER_MAX_TOKEN || token.length < 3) return token;
  let stem = stems.get(token);
  if (stem === undefined) {
    stem = porterStem(token);
    if (stems.size >= STEM_CACHE) stems.clear();
    stems.set(token, stem);
  }
  return stem;
}

// --- fts5PorterIsVowel and the rule conditions, on w[0, n) -------------------------------

const isVowel = (c: string | undefined, yIsVowel: boolean): boolean =>
  c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u' || (yIsVowel && c === 'y');

/** fts5PorterGobbleVC: the index after the first vowel-then-consonant of w[from, from+n), or 0. */
function gobbleVC(w: string, from: number, n: number, prevCons: boolean): number {
  let cons = prevCons;
  let i = 0;
  for (; i < n; i++) {
    cons = !isVowel(w[from + i], cons);
    if (!cons) break;
  }
  for (i++; i < n; i++) {
    cons = !isVowel(w[from + i], cons);
    if (cons) return i + 1;
  }
  return 0;
}

/** (m > 0) */
const mGt0 = (w: string, n: number): boolean => gobbleVC(w, 0, n, false) !== 0;

/** (m > 1) */
function mGt1(w: string, n: number): boolean {
  const k = gobbleVC(w, 0, n, false);
  return k !== 0 && gobbleVC(w, k, n - k, true) !== 0;
}

/** (m = 1) */
function mEq1(w: string, n: number): boolean {
  const k = gobbleVC(w, 0, n, false);
  return k !== 0 && gobbleVC(w, k, n - k, true) === 0;
}

/** (*o): ends consonant-vowel-consonant, the last not w, x or y. */
function oStar(w: string, n: number): boolean {
  const last = w[n - 1];
  if (last === 'w' || last === 'x' || last === 'y') return false;
  let mask = 0;
  let cons = false;
  for (let i = 0; i < n; i++) {
    cons = !isVowel(w[i], cons);
    mask = ((mask << 1) + (cons ? 1 : 0)) & 0xffff;
  }
  return (mask & 0x7) === 0x5;
}

/** (m > 1 and (*S or *T)) */
const mGt1AndSOrT = (w: string, n: number): boolean =>
  (w[n - 1] === 's' || w[n - 1] === 't') && mGt1(w, n);

/** (*v*) */
function hasVowel(w: string, n: number): boolean {
  for (let i = 0; i < n; i++) if (isVowel(w[i], i > 0)) return true;
  return false;
}

type Condition = (w: string, n: number) => boolean;

/**
 * One generated step of fts5_porter (mkportersteps.tcl): the rules of the case for the
 * second-to-last character, tried in order; the first whose suffix matches (with at least one
 * character before it) is the only one considered, replaced when its condition holds.
 */
type Rule = [suffix: string, condition: Condition | null, output: string];

function applyStep(w: string, rules: Record<string, Rule[]>): { w: string; applied: boolean } {
  const n = w.length;
  const those = rules[w[n - 2] ?? ''];
  if (those === undefined) return { w, applied: false };
  for (const [suffix, condition, output] of those) {
    if (n > suffix.length && w.endsWith(suffix)) {
      const stem = n - suffix.length;
      if (condition === null || condition(w, stem))
        return { w: w.slice(0, stem) + output, applied: true };
      return { w, applied: false };
    }
  }
  return { w, applied: false };
}

const STEP_1B2: Record<string, Rule[]> = {
  a: [['at', null, 'ate']],
  b: [['bl', null, 'ble']],
  i: [['iz', null, 'ize']],
};

const STEP_2: Record<string, Rule[]> = {
  a: [
    ['ational', mGt0, 'ate'],
    ['tional', mGt0, 'tion'],
  ],
  c: [
    ['enci', mGt0, 'ence'],
    ['anci', mGt0, 'ance'],
  ],
  e: [['izer', mGt0, 'ize']],
  g: [['logi', mGt0, 'log']],
  l: [
    ['bli', mGt0, 'ble'],
    ['alli', mGt0, 'al'],
    ['entli', mGt0, 'ent'],
    ['eli', mGt0, 'e'],
    ['ousli', mGt0, 'ous'],
  ],
  o: [
    ['ization', mGt0, 'ize'],
    ['ation', mGt0, 'ate'],
    ['ator', mGt0, 'ate'],
  ],
  s: [
    ['alism', mGt0, 'al'],
    ['iveness', mGt0, 'ive'],
    ['fulness', mGt0, 'ful'],
    ['ousness', mGt0, 'ous'],
  ],
  t: [
    ['aliti', mGt0, 'al'],
    ['iviti', mGt0, 'ive'],
    ['biliti', mGt0, 'ble'],
  ],
};

const STEP_3: Record<string, Rule[]> = {
  a: [['ical', mGt0, 'ic']],
  s: [['ness', mGt0, '']],
  t: [
    ['icate', mGt0, 'ic'],
    ['iciti', mGt0, 'ic'],
  ],
  u: [['ful', mGt0, '']],
  v: [['ative', mGt0, '']],
  z: [['alize', mGt0, 'al']],
};

const STEP_4: Record<string, Rule[]> = {
  a: [['al', mGt1, '']],
  c: [
    ['ance', mGt1, ''],
    ['ence', mGt1, ''],
  ],
  e: [['er', mGt1, '']],
  i: [['ic', mGt1, '']],
  l: [
    ['able', mGt1, ''],
    ['ible', mGt1, ''],
  ],
  n: [
    ['ant', mGt1, ''],
    ['ement', mGt1, ''],
    ['ment', mGt1, ''],
    ['ent', mGt1, ''],
  ],
  o: [
    ['ion', mGt1AndSOrT, ''],
    ['ou', mGt1, ''],
  ],
  s: [['ism', mGt1, '']],
  t: [
    ['ate', mGt1, ''],
    ['iti', mGt1, ''],
  ],
  u: [['ous', mGt1, '']],
  v: [['ive', mGt1, '']],
  z: [['ize', mGt1, '']],
};

/** fts5PorterStep1A: plural -s. */
function step1A(w: string): string {
  const n = w.length;
  if (w[n - 1] !== 's') return w;
  if (w[n - 2] === 'e') {
    if ((n > 4 && w[n - 4] === 's' && w[n - 3] === 's') || (n > 3 && w[n - 3] === 'i'))
      return w.slice(0, n - 2);
    return w.slice(0, n - 1);
  }
  if (w[n - 2] !== 's') return w.slice(0, n - 1);
  return w;
}

/**
 * fts5PorterStep1B: -eed becomes -ee when (m > 0); -ed and -ing go when the stem has a vowel,
 * and only then (`cut`, SQLite's step returning 1) do step 1B2 and its follow-ups run.
 */
function step1B(w: string): { w: string; cut: boolean } {
  const n = w.length;
  if (w[n - 2] === 'e') {
    if (n > 3 && w.endsWith('eed'))
      return mGt0(w, n - 3) ? { w: w.slice(0, n - 1), cut: false } : { w, cut: false };
    if (n > 2 && w.endsWith('ed') && hasVowel(w, n - 2)) return { w: w.slice(0, n - 2), cut: true };
  } else if (w[n - 2] === 'n') {
    if (n > 3 && w.endsWith('ing') && hasVowel(w, n - 3))
      return { w: w.slice(0, n - 3), cut: true };
  }
  return { w, cut: false };
}

/** fts5PorterCb's stemming of a token of 3 to 64 characters, step by step as SQLite does it. */
function porterStem(token: string): string {
  const b = step1B(step1A(token));
  let w = b.w;
  if (b.cut) {
    const b2 = applyStep(w, STEP_1B2);
    w = b2.w;
    if (!b2.applied) {
      const n = w.length;
      const c = w[n - 1];
      if (!isVowel(c, false) && c !== 'l' && c !== 's' && c !== 'z' && c === w[n - 2])
        w = w.slice(0, n - 1);
      else if (mEq1(w, n) && oStar(w, n)) w += 'e';
    }
  }
  // Step 1C.
  if (w[w.length - 1] === 'y' && hasVowel(w, w.length - 1)) w = `${w.slice(0, -1)}i`;
  w = applyStep(w, STEP_2).w;
  w = applyStep(w, STEP_3).w;
  w = applyStep(w, STEP_4).w;
  // Step 5a.
  let n = w.length;
  if (w[n - 1] === 'e' && (mGt1(w, n - 1) || (mEq1(w, n - 1) && !oStar(w, n - 1))))
    w = w.slice(0, --n);
  // Step 5b.
  if (n > 1 && w[n - 1] === 'l' && w[n - 2] === 'l' && mGt1(w, n - 1)) w = w.slice(0, n - 1);
  return w;
}
