import type { Database } from 'better-sqlite3';
import { bm25fScores, type ScoredPassage } from '../../shared/retrieval/bm25f';
import type { HitKind, RetrievalHit, PassageKind } from '../../shared/retrieval/hit';
import { tokenCount, type WeightedTerm } from '../../shared/retrieval/terms';
import type { Passage } from '../../shared/retrieval/passages';
import { pagesFirst } from '../../shared/retrieval/pages';
import { DEFAULT_TUNING, type RetrievalTuning } from '../../shared/retrieval/tuning';
import { perConnection } from '../db/per-connection';
import { writeTransaction } from '../db/write-transaction';
import { ftsDocumentSummaries } from './fts-document-summaries';
import { ftsPostingsStore } from './fts-postings-store';
import {
  decodeRankingPassages,
  rankingPassagesOf,
  type RankingPassages,
  type RankingRow,
} from './ranking-passages';

/** Which unit kinds a search ranks, per retrieval unit. Paragraphs always compete. */
export const kindsFor = (unit: PassageKind): HitKind[] =>
  unit === 'cell'
    ? ['cell', 'paragraph']
    : unit === 'row'
      ? ['row', 'paragraph']
      : ['table', 'paragraph'];

export interface IndexRow {
  document_id: number;
  version_key: string;
  unit_count: number;
  first_unit: number;
  last_unit: number;
  built_at: string;
}

export interface MetaRow {
  unit_id: number;
  ordinal: number;
  kind: HitKind;
  block_id: string;
  table_index: number | null;
  source_row: number | null;
  source_col: number | null;
  page: number | null;
  paragraph_index: number | null;
  text: string;
  len_text: number;
  len_headers: number;
  len_caption: number;
  lead_in_of: string | null;
}

export interface RankedPassage {
  ordinal: number;
  hit: RetrievalHit;
}

export const toHit = (r: MetaRow, score: number): RetrievalHit => ({
  kind: r.kind,
  blockId: r.block_id,
  ...(r.table_index !== null ? { tableSourceIndex: r.table_index } : {}),
  ...(r.source_row !== null ? { sourceRow: r.source_row } : {}),
  ...(r.source_col !== null ? { sourceCol: r.source_col } : {}),
  ...(r.page !== null ? { page: r.page } : {}),
  ...(r.paragraph_index !== null ? { paragraphIndex: r.paragraph_index } : {}),
  text: r.text,
  score,
});

/**
 * What ranking reads of a document's units, kept between searches: not their texts, which are
 * most of the bytes (a 13,000-unit 10-K read in full took 140 ms, without texts 15 ms) and are
 * read for the hits only (`metaById`).
 */
interface LoadedPassages {
  key: string;
  first: number;
  /** By unit_id − first: what BM25F scores, each unit's page and document order. */
  scored: ScoredPassage[];
  pages: (number | null)[];
  ordinals: number[];
  /**
   * A small document's own postings (token → encoded units) and unit rows (by unit_id − first),
   * read in two queries on its first search: a TAT-QA record (a few dozen units) is asked about
   * six times, and each search used to seek every term's postings and every hit's row again
   * (issue 26, the engine's profile). The same rows `postingOf` and `metaById` read, so the
   * ranking and the hits are the same. Absent: a large document, or one without postings.
   */
  small?: { postings: Map<string, Buffer>; meta: MetaRow[] };
}

/**
 * Documents of at most this many units keep their postings and unit rows in memory with their
 * ranking data (`LoadedPassages.small`): a dataset record or a short filing, not a 10-K, whose
 * texts are most of the bytes (see above).
 */
const SMALL_DOCUMENT_UNITS = 2_000;

/** Documents whose unit metadata stays in memory between searches (a few open filings). */
const CACHED_DOCUMENTS = 8;

/**
 * The top `limit` of a ranking in which paragraphs take at most half the places while table
 * units (cells, rows, tables) are left to fill the rest: prose mentions a question's words
 * more often than a table does ("fiscal year", "growth"), yet the numbers a program reads are
 * in the tables, so a numeric question must not get ten sentences and no cell. Rank order is
 * kept; without enough table units, paragraphs fill the places left.
 */
export function withParagraphShare<T>(
  ranked: readonly T[],
  isParagraph: (item: T) => boolean,
  limit: number,
): T[] {
  const maxParagraphs = Math.ceil(limit / 2);
  const tableUnits = ranked.filter((x) => !isParagraph(x)).length;
  const paragraphPlaces = Math.max(maxParagraphs, limit - tableUnits);
  const out: T[] = [];
  let paragraphs = 0;
  for (const x of ranked) {
    if (out.length === limit) break;
    if (isParagraph(x)) {
      if (paragraphs === paragraphPlaces) continue;
      paragraphs++;
    }
    out.push(x);
  }
  return out;
}

/**
 * Documents' ranking data kept between searches (`CACHED_DOCUMENTS` of them), most recently
 * used last so the oldest is evicted first; `read` gives a document's when it is not there or
 * its index was rebuilt since.
 */
function passageCache(read: (index: IndexRow) => Omit<LoadedPassages, 'key' | 'first'>) {
  const loaded = new Map<number, LoadedPassages>();
  return {
    get: (index: IndexRow): LoadedPassages => {
      const hit = loaded.get(index.document_id);
      if (hit && hit.key === `${index.version_key}@${index.built_at}@${index.first_unit}`) {
        // Most recently used last, so the oldest is evicted first.
        loaded.delete(index.document_id);
        loaded.set(index.document_id, hit);
        return hit;
      }
      const units: LoadedPassages = {
        key: `${index.version_key}@${index.built_at}@${index.first_unit}`,
        first: index.first_unit,
        ...read(index),
      };
      loaded.delete(index.document_id);
      loaded.set(index.document_id, units);
      while (loaded.size > CACHED_DOCUMENTS) loaded.delete(loaded.keys().next().value!);
      return units;
    },
    forget: (documentId: number) => loaded.delete(documentId),
  };
}

/** What ranking reads of each unit, in unit order (ordinal = index). */
const rankingRowsOf = (units: readonly Passage[]): RankingRow[] =>
  units.map((u, i): RankingRow => [
    i,
    u.kind,
    u.blockId,
    u.page ?? null,
    tokenCount(u.body),
    tokenCount(u.headers),
    tokenCount(u.caption),
    u.leadInOf ?? null,
  ]);

interface SearchOptions {
  tuning?: RetrievalTuning;
  favoured?: ReadonlySet<string>;
}

/**
 * BM25F over a loaded document's units from the terms' postings, `favoured` blocks boosted,
 * spread over the best pages and with at most half the places for paragraphs: unit index and
 * score, best first, ties in document order.
 */
function rankLoaded(
  units: LoadedPassages,
  postings: Map<number, number>[],
  terms: readonly WeightedTerm[],
  kinds: HitKind[],
  limit: number,
  options: SearchOptions,
): [number, number][] {
  const tuning = options.tuning ?? DEFAULT_TUNING;
  const scores = bm25fScores(
    units.scored,
    postings,
    new Set(kinds),
    tuning.bm25,
    terms.map((t) => t.weight),
  );
  const favoured = options.favoured;
  if (favoured && favoured.size > 0)
    for (const [i, score] of scores)
      if (favoured.has(units.scored[i]!.blockId)) scores.set(i, score * tuning.statementBoost);
  const ranked = pagesFirst(
    [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]),
    ([i]) => units.pages[i] ?? undefined,
    ([, score]) => score,
    tuning.pageDamping,
    tuning.pageDepth,
  );
  return withParagraphShare(ranked, ([i]) => units.scored[i]!.kind === 'paragraph', limit);
}

/**
 * The unit rows of a document's index (`retrieval_unit_meta`, `retrieval_units`,
 * `retrieval_indexes`); the postings and the document summary are written next to them.
 */
const unitStatements = (db: Database) => ({
  getIndex: db.prepare<[number], IndexRow>('SELECT * FROM retrieval_indexes WHERE document_id = ?'),
  // The index row and whether its postings are written (`ftsPostingsStore.built`), in one read:
  // a search asks both before every question (ensureIndex).
  getIndexWithPostings: db.prepare<[number], IndexRow & { with_postings: 1 | null }>(
    `SELECT i.*, (SELECT 1 FROM retrieval_ranking_units r WHERE r.document_id = i.document_id)
       AS with_postings FROM retrieval_indexes i WHERE i.document_id = ?`,
  ),
  delMeta: db.prepare<[number]>('DELETE FROM retrieval_unit_meta WHERE document_id = ?'),
  delIndex: db.prepare<[number]>('DELETE FROM retrieval_indexes WHERE document_id = ?'),
  maxUnit: db.prepare<[], { max: number | null }>(
    'SELECT max(unit_id) AS max FROM retrieval_unit_meta',
  ),
  insMeta: db.prepare(
    `INSERT INTO retrieval_unit_meta
       (unit_id, document_id, ordinal, kind, block_id, table_index, source_row, source_col, page,
        paragraph_index, text, len_text, len_headers, len_caption, lead_in_of)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ),
  insFts: db.prepare(
    'INSERT INTO retrieval_units (rowid, text, headers, caption) VALUES (?, ?, ?, ?)',
  ),
  putIndex: db.prepare(
    `INSERT INTO retrieval_indexes (document_id, version_key, unit_count, first_unit, last_unit, built_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ),
  rankingOf: db
    .prepare<[number], RankingRow>(
      `SELECT ordinal, kind, block_id, page, len_text, len_headers, len_caption, lead_in_of
         FROM retrieval_unit_meta WHERE document_id = ? ORDER BY unit_id`,
    )
    .raw(),
  metaById: db.prepare<[number], MetaRow>('SELECT * FROM retrieval_unit_meta WHERE unit_id = ?'),
  metaOf: db.prepare<[number], MetaRow>(
    'SELECT * FROM retrieval_unit_meta WHERE document_id = ? ORDER BY unit_id',
  ),
  unitsOfKinds: db.prepare<[number, string], MetaRow>(
    `SELECT * FROM retrieval_unit_meta
      WHERE document_id = ? AND kind IN (SELECT value FROM json_each(?))
      ORDER BY ordinal`,
  ),
  indexCount: db.prepare<[], number>('SELECT count(*) FROM retrieval_indexes').pluck(),
});

/** Writes the unit rows (meta and FTS5) of a document's units, numbered from `first`. */
function insertUnits(
  s: ReturnType<typeof unitStatements>,
  documentId: number,
  first: number,
  units: readonly Passage[],
  ranking: readonly RankingRow[],
) {
  units.forEach((u, i) => {
    const [, , , page, lenText, lenHeaders, lenCaption, leadInOf] = ranking[i]!;
    s.insMeta.run(
      first + i,
      documentId,
      i,
      u.kind,
      u.blockId,
      u.tableSourceIndex ?? null,
      u.sourceRow ?? null,
      u.sourceCol ?? null,
      page,
      u.paragraphIndex ?? null,
      u.text,
      lenText,
      lenHeaders,
      lenCaption,
      leadInOf,
    );
    s.insFts.run(first + i, u.body, u.headers, u.caption);
  });
}

/**
 * All SQL on the retrieval tables; statements prepared once per connection. The postings
 * (fts-postings-store.ts) and the document summaries (fts-document-summaries.ts) are their
 * own repositories, written in the same transactions as the unit rows.
 */
export const ftsIndex = perConnection((db: Database) => {
  const s = unitStatements(db);
  const postings = ftsPostingsStore(db);
  const summaries = ftsDocumentSummaries(db);
  // One value per document since migration 24; an index built before: one row per unit.
  const loaded = passageCache((index): Omit<LoadedPassages, 'key' | 'first'> => {
    const stored = postings.storedRanking(index.document_id);
    if (stored === undefined) return rankingPassagesOf(s.rankingOf.all(index.document_id));
    const ranking: RankingPassages = decodeRankingPassages(stored);
    if (index.unit_count > SMALL_DOCUMENT_UNITS) return ranking;
    const meta = s.metaOf.all(index.document_id);
    // Unit ids are first_unit + ordinal, with no gaps (build); anything else reads row by row.
    if (meta.length !== index.unit_count || meta.some((m, i) => m.unit_id !== index.first_unit + i))
      return ranking;
    return { ...ranking, small: { postings: postings.allOf(index.document_id), meta } };
  });
  const removeRows = (documentId: number) => {
    s.delMeta.run(documentId);
    summaries.remove(documentId);
    postings.remove(documentId);
    s.delIndex.run(documentId);
    loaded.forget(documentId);
  };

  /** A document's index rows, replaced; the caller holds the write transaction. */
  const buildRows = (documentId: number, versionKey: string, units: Passage[]) => {
    removeRows(documentId);
    const first = (s.maxUnit.get()?.max ?? 0) + 1;
    const ranking = rankingRowsOf(units);
    insertUnits(s, documentId, first, units, ranking);
    const at = new Date().toISOString();
    s.putIndex.run(documentId, versionKey, units.length, first, first + units.length - 1, at);
    summaries.summarize(documentId, at);
    postings.write(documentId, units, ranking, at);
  };
  const build = writeTransaction(db, buildRows);

  /**
   * Postings for an index built before migration 24, from the same units (same count), and
   * its ranking data from its stored rows (what ranking read of them until now).
   */
  const addPostings = writeTransaction(db, (documentId: number, units: Passage[]) => {
    const index = s.getIndex.get(documentId);
    if (!index || index.unit_count !== units.length) return false;
    loaded.forget(documentId);
    postings.write(documentId, units, s.rankingOf.all(documentId), new Date().toISOString());
    return true;
  });

  const remove = writeTransaction(db, removeRows);

  return {
    get: (documentId: number) => s.getIndex.get(documentId),
    /** As `get`, with `with_postings` 1 when `hasPostings` would say true (null otherwise). */
    getWithPostings: (documentId: number) => s.getIndexWithPostings.get(documentId),
    build: (documentId: number, versionKey: string, units: Passage[]) =>
      // IMMEDIATE: the write lock is taken before reading max(unit_id), so two processes
      // indexing at once (the app and the CLI) queue on busy_timeout instead of one failing
      // to upgrade its read to a write.
      build(documentId, versionKey, units),
    /**
     * As `build`, inside a write transaction the caller already holds (`RetrievalService.prepare`,
     * one per group of records): no savepoint of its own. A savepoint makes FTS5 flush what it
     * holds in memory to a new segment of `retrieval_units` and `retrieval_documents` (its
     * xSavepoint), so a savepoint per record wrote one small segment per record, and FTS5 then
     * merged them, instead of one segment per group; a failure still rolls back the caller's
     * whole transaction, as it did through the savepoint.
     */
    buildInTransaction: (documentId: number, versionKey: string, units: Passage[]) => {
      if (!db.inTransaction) throw new Error('buildInTransaction needs an open write transaction');
      buildRows(documentId, versionKey, units);
    },
    remove: (documentId: number) => remove(documentId),
    /** Whether the document's index has its own postings (built since migration 24). */
    hasPostings: (documentId: number) => postings.built(documentId),
    /**
     * Writes the postings of an index built before migration 24 from the document's units
     * (`indexPassages` of the same document); false when those are not the units indexed.
     */
    addPostings: (documentId: number, units: Passage[]) => addPostings(documentId, units),
    /**
     * The units of the given kinds ranked by BM25F for the terms; ties in document order.
     * Units of `favoured` blocks (the statement tables a question asks for, see
     * shared/retrieval/statements.ts) score `statementBoost` times more; on a paged document
     * the hits spread over the best pages (shared/retrieval/pages.ts). The settings are the
     * defaults of shared/retrieval/tuning.ts unless the recall bench passes others.
     */
    search: (
      index: IndexRow,
      terms: readonly WeightedTerm[],
      kinds: HitKind[],
      limit: number,
      options: SearchOptions = {},
    ): RankedPassage[] => {
      if (terms.length === 0) return [];
      const units = loaded.get(index);
      // Tables have their caption there, cells their row path (shared/retrieval/passages.ts).
      const withCaption = kinds.includes('table') || kinds.includes('cell');
      const words = terms.map((t) => t.term);
      const small = units.small;
      const termPostings = small
        ? postings.ofLoaded(index, words, withCaption, small.postings)
        : postings.of(index, words, withCaption);
      return rankLoaded(units, termPostings, terms, kinds, limit, options).map(([i, score]) => ({
        ordinal: units.ordinals[i]!,
        hit: toHit(small ? small.meta[i]! : s.metaById.get(units.first + i)!, score),
      }));
    },
    /**
     * The documents whose name or summary holds any of the terms, best first (FTS5's bm25 over
     * one row per document: its cost grows with the documents holding a term, not with their
     * units). Indexes built before migration 23 get their summary first, from their stored units.
     */
    searchDocuments: (terms: readonly string[], limit: number): { documentId: number }[] =>
      summaries.search(terms, limit),
    /** How many documents have a unit index (what a workspace search covers). */
    indexedCount: () => s.indexCount.get() ?? 0,
    units: (documentId: number, kinds: HitKind[]) =>
      s.unitsOfKinds.all(documentId, JSON.stringify(kinds)),
  };
});
