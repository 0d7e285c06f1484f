import type { Database } from 'better-sqlite3';
import type { Passage } from '../../shared/retrieval/passages';
import { perConnection } from '../db/per-connection';
import { asciiTokens } from './ascii-tokens';

/**
 * A document's own postings (migration 24, `retrieval_postings`): per term, the units holding it
 * and the columns holding it, tokenized by FTS5's own tokenizer so a lookup here finds exactly
 * the units a `column : "term"` query on `retrieval_units` found.
 *
 * Encoding of one term's units: one unsigned LEB128 varint per unit, in unit order, of
 * (unit index − previous unit index) × 8 + column mask (1 text, 2 headers, 4 caption). A common
 * term of a 10-K (a few thousand units) is a few KB, read by one b-tree seek.
 */

/** The tokenizer of `retrieval_units` (main/retrieval/index-schema.ts), for the same tokens. */
const TOKENIZER = 'porter unicode61 remove_diacritics 2';

/** Scratch space for encoding (grown as needed; one term's postings at a time). */
let scratch = Buffer.allocUnsafe(1 << 16);

/**
 * Encodes one term's postings from its (unit index × 8 + column bit) values in ascending order,
 * a unit holding the term in two columns given twice (its bits are OR-ed into one mask).
 */
export function encodePostings(values: readonly number[]): Buffer {
  // Each value takes at most 8 bytes (unit indexes stay far below 2^53 / 8).
  if (scratch.length < values.length * 8) scratch = Buffer.allocUnsafe(values.length * 8);
  let n = 0;
  let previous = 0;
  let unit = -1;
  let mask = 0;
  // No closure per call: a record's ~120 terms are encoded one after another.
  for (let i = 0; i <= values.length; i++) {
    const value = i < values.length ? values[i]! : -1;
    const bit = value < 0 ? 0 : value % 8;
    const u = value < 0 ? -1 : (value - bit) / 8;
    if (u === unit) {
      mask |= bit;
      continue;
    }
    if (unit >= 0) n = writeVarint(n, (unit - previous) * 8 + mask);
    previous = unit >= 0 ? unit : previous;
    unit = u;
    mask = bit;
  }
  const out = Buffer.allocUnsafe(n);
  scratch.copy(out, 0, 0, n);
  return out;
}

/**
 * Writes `v` into `scratch` at `n` as an unsigned LEB128 varint; the index after it. The
 * caller computes v = (unit − previous unit) × 8 + mask by multiplication, not a shift: no
 * 32-bit overflow, whatever the unit count.
 */
function writeVarint(n: number, v: number): number {
  let i = n;
  while (v >= 0x80) {
    scratch[i++] = (v % 0x80) | 0x80;
    v = Math.floor(v / 0x80);
  }
  scratch[i++] = v;
  return i;
}

/**
 * Decodes into `into` (unit index → mask), OR-ing the masks with what is there. `columnMask`
 * keeps only those columns; a unit left with none is not added (a cell search never looks up
 * captions, so a unit holding the term only in its caption is no match, as in FTS5).
 */
export function decodePostings(
  bytes: Uint8Array,
  into: Map<number, number>,
  columnMask = 7,
): Map<number, number> {
  let unit = 0;
  let i = 0;
  while (i < bytes.length) {
    let v = 0;
    let scale = 1;
    for (;;) {
      const b = bytes[i++]!;
      v += (b & 0x7f) * scale;
      if (b < 0x80) break;
      scale *= 0x80;
    }
    const mask = v % 8;
    unit += (v - mask) / 8;
    const kept = mask & columnMask;
    if (kept !== 0) into.set(unit, (into.get(unit) ?? 0) | kept);
  }
  return into;
}

/**
 * Adds one unit column's tokens to the postings being built (`value` = unit index × 8 + column
 * bit): one value per unit and column, as FTS5's vocabulary (detail=column) has it.
 */
function addTokens(lists: Map<string, number[]>, tokens: readonly string[], value: number): void {
  for (let t = 0; t < tokens.length; t++) {
    const token = tokens[t]!;
    const list = lists.get(token);
    if (list === undefined) lists.set(token, [value]);
    else if (list[list.length - 1] !== value) list.push(value);
  }
}

/**
 * Each token's (unit index × 8 + column bit) values, ascending, for the units whose columns are
 * all read by asciiTokens; the indexes of the others are pushed onto `others` (for FTS5).
 */
function asciiPostings(units: readonly Passage[], others: number[]): Map<string, number[]> {
  const lists = new Map<string, number[]>();
  // A table's cells repeat their column's headers and their row's path: each distinct
  // column text is tokenized once (the tokens are only read).
  const seen = new Map<string, string[] | undefined>();
  const tokensOf = (text: string) => {
    if (seen.has(text)) return seen.get(text);
    const tokens = asciiTokens(text);
    seen.set(text, tokens);
    return tokens;
  };
  // Plain loops: no closure made per unit or column (this runs for every unit indexed).
  for (let i = 0; i < units.length; i++) {
    const u = units[i]!;
    const body = tokensOf(u.body);
    const headers = body && tokensOf(u.headers);
    const caption = headers && tokensOf(u.caption);
    if (caption === undefined) {
      others.push(i);
      continue;
    }
    addTokens(lists, body!, i * 8 + 1);
    addTokens(lists, headers!, i * 8 + 2);
    addTokens(lists, caption, i * 8 + 4);
  }
  return lists;
}

/** A question's terms seen on this connection, with their tokens (bounded). */
const TERM_CACHE = 4096;

/**
 * The statements of the tokenizer's two contentless FTS5 tables in the connection's temp
 * schema, created first (IF NOT EXISTS: another copy of this module may have made them).
 */
function tokenizerStatements(db: Database) {
  db.exec(`
    CREATE VIRTUAL TABLE IF NOT EXISTS temp.retrieval_tokenize_units USING fts5(
      text, headers, caption, content = '', detail = column, tokenize = '${TOKENIZER}');
    CREATE VIRTUAL TABLE IF NOT EXISTS temp.retrieval_tokenize_units_vocab
      USING fts5vocab(temp, retrieval_tokenize_units, instance);
    CREATE VIRTUAL TABLE IF NOT EXISTS temp.retrieval_tokenize_terms USING fts5(
      term, content = '', tokenize = '${TOKENIZER}');
    CREATE VIRTUAL TABLE IF NOT EXISTS temp.retrieval_tokenize_terms_vocab
      USING fts5vocab(temp, retrieval_tokenize_terms, instance);
  `);
  return {
    insUnit: db.prepare<[number, string, string, string]>(
      'INSERT INTO temp.retrieval_tokenize_units (rowid, text, headers, caption) VALUES (?, ?, ?, ?)',
    ),
    // One row per token: "unit × 8 + column bit,…" over its units and columns. Aggregated in
    // SQL: the instance rows (one per token, unit and column: 74,000 for a 10-K) cost two to
    // three times as much read one by one into JavaScript.
    unitTokens: db
      .prepare<[], [string, string]>(
        `SELECT term, group_concat(doc * 8 + CASE col WHEN 'text' THEN 1 WHEN 'headers' THEN 2 ELSE 4 END)
           FROM temp.retrieval_tokenize_units_vocab GROUP BY term`,
      )
      .raw(),
    clearUnits: db.prepare<[]>(
      "INSERT INTO temp.retrieval_tokenize_units (retrieval_tokenize_units) VALUES ('delete-all')",
    ),
    insTerm: db.prepare<[number, string]>(
      'INSERT INTO temp.retrieval_tokenize_terms (rowid, term) VALUES (?, ?)',
    ),
    termTokens: db
      .prepare<[], [number, string, number]>(
        'SELECT doc, term, "offset" FROM temp.retrieval_tokenize_terms_vocab',
      )
      .raw(),
    clearTerms: db.prepare<[]>(
      "INSERT INTO temp.retrieval_tokenize_terms (retrieval_tokenize_terms) VALUES ('delete-all')",
    ),
  };
}

type TokenizerStatements = ReturnType<typeof tokenizerStatements>;

/** Each term's tokens in order, through the terms table (emptied again, whatever happens). */
function tokenizeTerms(s: TokenizerStatements, terms: readonly string[]): string[][] {
  const found = terms.map(() => [] as [number, string][]);
  try {
    terms.forEach((t, i) => s.insTerm.run(i, t));
    for (const [doc, token, offset] of s.termTokens.iterate()) found[doc]!.push([offset, token]);
  } finally {
    s.clearTerms.run();
  }
  return found.map((tokens) => tokens.sort((a, b) => a[0] - b[0]).map(([, token]) => token));
}

/**
 * FTS5's tokenizer on this connection, through two contentless FTS5 tables in the connection's
 * temp schema (never in the workspace file; a read-only workspace has a writable temp schema):
 * one per document's units (detail=column: which columns hold each token) and one per
 * question's terms (detail=full: whether a term is one token or a phrase of several). The
 * tables are made on first use.
 */
export const ftsTokenizer = perConnection((db: Database) => {
  let statements: TokenizerStatements | undefined;
  const prepared = () => (statements ??= tokenizerStatements(db));
  const cache = new Map<string, readonly string[]>();

  /** Each unit's (index × 8 + column bit) values by token, through FTS5 (the units given). */
  const viaFts = (units: readonly Passage[], indexes: readonly number[]) => {
    const s = prepared();
    const lists = new Map<string, number[]>();
    try {
      for (const i of indexes)
        s.insUnit.run(i, units[i]!.body, units[i]!.headers, units[i]!.caption);
      for (const [term, list] of s.unitTokens.all()) lists.set(term, list.split(',').map(Number));
    } finally {
      s.clearUnits.run();
    }
    return lists;
  };
  const encoded = (lists: Map<string, number[]>) =>
    [...lists.keys()].sort().map((term) => {
      const values = lists.get(term)!;
      // group_concat's order is SQLite's to choose: units ascending, whatever it chose.
      for (let i = 1; i < values.length; i++)
        if (values[i]! < values[i - 1]!) {
          values.sort((x, y) => x - y);
          break;
        }
      return { term, units: encodePostings(values) };
    });

  return {
    /**
     * Each token of the units with its encoded postings (units indexed from 0), term order.
     * Units all in ASCII are tokenized here (ascii-tokens.ts: FTS5's tokens, without the
     * round trip through a temp table); any other unit through FTS5 as before.
     */
    postingsOf(units: readonly Passage[]): { term: string; units: Buffer }[] {
      const others: number[] = [];
      const lists = asciiPostings(units, others);
      if (others.length > 0)
        for (const [term, values] of viaFts(units, others)) {
          const list = lists.get(term);
          if (list === undefined) lists.set(term, values);
          // Sorted by `encoded`: both lists are ascending, a unit is in one of them only.
          else list.push(...values);
        }
      return encoded(lists);
    },
    /** As `postingsOf`, every unit through FTS5 (what the tests compare the above with). */
    postingsViaFts(units: readonly Passage[]): { term: string; units: Buffer }[] {
      return encoded(
        viaFts(
          units,
          units.map((_, i) => i),
        ),
      );
    },
    /**
     * The tokens of each term, as a `"term"` phrase query would have them: usually one (a
     * question's terms are runs of letters and digits), none for a term FTS5 drops entirely,
     * several when its tokenizer splits what the question's did not. ASCII terms are
     * tokenized here (ascii-tokens.ts), any other through FTS5.
     */
    tokensOf(terms: readonly string[]): (readonly string[])[] {
      const missing = [...new Set(terms.filter((t) => !cache.has(t)))];
      if (missing.length > 0) {
        if (cache.size + missing.length > TERM_CACHE) cache.clear();
        const others: string[] = [];
        for (const t of missing) {
          const tokens = asciiTokens(t);
          if (tokens === undefined) others.push(t);
          else cache.set(t, tokens);
        }
        if (others.length > 0) {
          const found = tokenizeTerms(prepared(), others);
          others.forEach((t, i) => cache.set(t, found[i]!));
        }
      }
      return terms.map((t) => cache.get(t)!);
    },
    /** As `tokensOf`, every term through FTS5 (uncached; what the tests compare it with). */
    tokensViaFts(terms: readonly string[]): string[][] {
      return tokenizeTerms(prepared(), terms);
    },
  };
});
