import type { Database } from 'better-sqlite3';
import { bm25fScores, type ScoredPassage } from '../../shared/retrieval/bm25f';
import type { HitKind, RetrievalHit, PassageKind } from '../../shared/retrieval/hit';
import { tokenCount, type WeightedTerm } from '../../shared/retrieval/terms';
import type { Passage } from '../../shared/retrieval/passages';
import { pagesFirst } from '../../shared/retrieval/pages';
import { DEFAULT_TUNING, type RetrievalTuning } from '../../shared/retrieval/tuning';
import { perConnection } from '../db/per-connection';
import { writeTransaction } from '../db/write-transaction';
import { decodePostings, ftsTokenizer } from './postings';
import {
  decodeRankingPassages,
  encodeRankingPassages,
  rankingPassagesOf,
  type RankingRow,
} from './ranking-passages';

/** Which unit kinds a search ranks, per retrieval unit. Paragraphs always compete. */
export const kindsFor = (unit: PassageKind): HitKind[] =>
  unit === 'cell'
    ? ['cell', 'paragraph']
    : unit === 'row'
      ? ['row', 'paragraph']
      : ['table', 'paragraph'];

/** The FTS5 columns, in the order of BM25F's weights and of the posting bit masks. */
const COLUMNS = ['text', 'headers', 'caption'] as const;

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
}

/**
 * A document's summary row (the search across documents ranks these first): its table units
 * (caption, column headers, row labels) and the paragraphs among its first units, which hold
 * the cover page (the registrant's name, the form, the period).
 */
const SUMMARY_LEAD_UNITS = 60;

/** A term in a document's name counts this much more than one in its summary. */
const TITLE_WEIGHT = 3;

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

/** All SQL on the retrieval tables; statements prepared once per connection. */
export const ftsIndex = perConnection((db: Database) => {
  const getIndex = db.prepare<[number], IndexRow>(
    'SELECT * FROM retrieval_indexes WHERE document_id = ?',
  );
  const delMeta = db.prepare<[number]>('DELETE FROM retrieval_unit_meta WHERE document_id = ?');
  const delIndex = db.prepare<[number]>('DELETE FROM retrieval_indexes WHERE document_id = ?');
  const maxUnit = db.prepare<[], { max: number | null }>(
    'SELECT max(unit_id) AS max FROM retrieval_unit_meta',
  );
  const insMeta = db.prepare(
    `INSERT INTO retrieval_unit_meta
       (unit_id, document_id, ordinal, kind, block_id, table_index, source_row, source_col, page,
        paragraph_index, text, len_text, len_headers, len_caption, lead_in_of)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insFts = db.prepare(
    'INSERT INTO retrieval_units (rowid, text, headers, caption) VALUES (?, ?, ?, ?)',
  );
  const putIndex = db.prepare(
    `INSERT INTO retrieval_indexes (document_id, version_key, unit_count, first_unit, last_unit, built_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  // The rowid range keeps FTS5 inside one document's units.
  // Plucked: a common word matches a thousand units; numbers, not row objects.
  const matching = db
    .prepare<[string, number, number], number>(
      `SELECT rowid FROM retrieval_units WHERE retrieval_units MATCH ? AND rowid BETWEEN ? AND ?`,
    )
    .pluck();
  const rankingOf = db
    .prepare<[number], RankingRow>(
      `SELECT ordinal, kind, block_id, page, len_text, len_headers, len_caption, lead_in_of
         FROM retrieval_unit_meta WHERE document_id = ? ORDER BY unit_id`,
    )
    .raw();
  const metaById = db.prepare<[number], MetaRow>(
    'SELECT * FROM retrieval_unit_meta WHERE unit_id = ?',
  );
  // Each document's own postings (migration 24): one seek per term, whatever the workspace holds.
  const postingOf = db
    .prepare<[number, string], Buffer>(
      'SELECT units FROM retrieval_postings WHERE document_id = ? AND term = ?',
    )
    .pluck();
  // Its row also says the document's postings are written.
  const storedRanking = db
    .prepare<[number], Buffer>('SELECT units FROM retrieval_ranking_units WHERE document_id = ?')
    .pluck();
  const postingsBuilt = db
    .prepare<[number], number>('SELECT 1 FROM retrieval_ranking_units WHERE document_id = ?')
    .pluck();
  const insPosting = db.prepare<[number, string, Buffer]>(
    'INSERT INTO retrieval_postings (document_id, term, units) VALUES (?, ?, ?)',
  );
  const insRanking = db.prepare<[number, Buffer, string]>(
    'INSERT INTO retrieval_ranking_units (document_id, units, built_at) VALUES (?, ?, ?)',
  );
  // Explicit, not only by cascade: the in-memory index runs without foreign keys.
  const delPostings = db.prepare<[number]>('DELETE FROM retrieval_postings WHERE document_id = ?');
  const delRanking = db.prepare<[number]>(
    'DELETE FROM retrieval_ranking_units WHERE document_id = ?',
  );
  const writePostings = (
    documentId: number,
    units: Passage[],
    ranking: readonly RankingRow[],
    at: string,
  ) => {
    delPostings.run(documentId);
    delRanking.run(documentId);
    for (const p of ftsTokenizer(db).postingsOf(units)) insPosting.run(documentId, p.term, p.units);
    insRanking.run(documentId, encodeRankingPassages(ranking), at);
  };
  const unitsOfKinds = db.prepare<[number, string], MetaRow>(
    `SELECT * FROM retrieval_unit_meta
      WHERE document_id = ? AND kind IN (SELECT value FROM json_each(?))
      ORDER BY ordinal`,
  );

  // Across documents (migration 23): one row per document in `retrieval_documents`.
  const summaryParts = db
    .prepare<[number, number], string>(
      `SELECT text FROM retrieval_unit_meta
        WHERE document_id = ? AND (kind = 'table' OR (kind = 'paragraph' AND ordinal < ?))
        ORDER BY ordinal`,
    )
    .pluck();
  // The in-memory index of a file outside the workspace has no `documents` table.
  const hasDocuments =
    db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'documents'").get() !==
    undefined;
  const documentName = hasDocuments
    ? db.prepare<[number], string>('SELECT name FROM documents WHERE id = ?').pluck()
    : null;
  // Explicit, not only by cascade: the in-memory index runs without foreign keys.
  const delSummary = db.prepare<[number]>(
    'DELETE FROM retrieval_document_summaries WHERE document_id = ?',
  );
  const insSummary = db.prepare<[number, string]>(
    'INSERT INTO retrieval_document_summaries (document_id, summarized_at) VALUES (?, ?)',
  );
  const insDocumentFts = db.prepare<[number, string, string]>(
    'INSERT INTO retrieval_documents (rowid, title, text) VALUES (?, ?, ?)',
  );
  const unsummarized = db
    .prepare<[], number>(
      `SELECT i.document_id FROM retrieval_indexes i
        WHERE NOT EXISTS (SELECT 1 FROM retrieval_document_summaries s WHERE s.document_id = i.document_id)`,
    )
    .pluck();
  const documentsMatching = db.prepare<[string, number], { document_id: number; rank: number }>(
    `SELECT rowid AS document_id, bm25(retrieval_documents, ${TITLE_WEIGHT}, 1.0) AS rank
       FROM retrieval_documents WHERE retrieval_documents MATCH ? ORDER BY rank LIMIT ?`,
  );
  const indexCount = db.prepare<[], number>('SELECT count(*) FROM retrieval_indexes').pluck();
  const summarize = (documentId: number, at: string) => {
    const title = documentName?.get(documentId) ?? '';
    const text = summaryParts.all(documentId, SUMMARY_LEAD_UNITS).join('\n');
    insSummary.run(documentId, at);
    insDocumentFts.run(documentId, title, text);
  };
  const summarizeMissing = writeTransaction(db, (ids: number[]) => {
    const at = new Date().toISOString();
    for (const id of ids) summarize(id, at);
  });

  const loaded = new Map<number, LoadedPassages>();
  const load = (index: IndexRow): LoadedPassages => {
    const hit = loaded.get(index.document_id);
    if (hit && hit.key === `${index.version_key}@${index.built_at}@${index.first_unit}`) {
      // Most recently used last, so the oldest is evicted first.
      loaded.delete(index.document_id);
      loaded.set(index.document_id, hit);
      return hit;
    }
    // One value per document since migration 24; an index built before: one row per unit.
    const stored = storedRanking.get(index.document_id);
    const units: LoadedPassages = {
      key: `${index.version_key}@${index.built_at}@${index.first_unit}`,
      first: index.first_unit,
      ...(stored !== undefined
        ? decodeRankingPassages(stored)
        : rankingPassagesOf(rankingOf.all(index.document_id))),
    };
    loaded.delete(index.document_id);
    loaded.set(index.document_id, units);
    while (loaded.size > CACHED_DOCUMENTS) loaded.delete(loaded.keys().next().value!);
    return units;
  };

  const build = writeTransaction(db, (documentId: number, versionKey: string, units: Passage[]) => {
    delMeta.run(documentId);
    delSummary.run(documentId);
    delPostings.run(documentId);
    delRanking.run(documentId);
    delIndex.run(documentId);
    loaded.delete(documentId);
    const first = (maxUnit.get()?.max ?? 0) + 1;
    const ranking = units.map((u, i): RankingRow => [
      i,
      u.kind,
      u.blockId,
      u.page ?? null,
      tokenCount(u.body),
      tokenCount(u.headers),
      tokenCount(u.caption),
      u.leadInOf ?? null,
    ]);
    units.forEach((u, i) => {
      const [, , , page, lenText, lenHeaders, lenCaption, leadInOf] = ranking[i]!;
      insMeta.run(
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
      insFts.run(first + i, u.body, u.headers, u.caption);
    });
    const at = new Date().toISOString();
    putIndex.run(documentId, versionKey, units.length, first, first + units.length - 1, at);
    summarize(documentId, at);
    writePostings(documentId, units, ranking, at);
  });

  /**
   * Postings for an index built before migration 24, from the same units (same count), and
   * its ranking data from its stored rows (what ranking read of them until now).
   */
  const addPostings = writeTransaction(db, (documentId: number, units: Passage[]) => {
    const index = getIndex.get(documentId);
    if (!index || index.unit_count !== units.length) return false;
    loaded.delete(documentId);
    writePostings(documentId, units, rankingOf.all(documentId), new Date().toISOString());
    return true;
  });

  const remove = writeTransaction(db, (documentId: number) => {
    delMeta.run(documentId);
    delSummary.run(documentId);
    delPostings.run(documentId);
    delRanking.run(documentId);
    delIndex.run(documentId);
    loaded.delete(documentId);
  });

  /**
   * One term's units through `retrieval_units`, with the columns holding it: one FTS5 lookup per
   * column (`headers : "revenue"`) over the document's rowid range, the term quoted so nothing
   * in a question is FTS5 syntax. Each costs more as the term's doclist spans more of the
   * workspace: what an index without its own postings (built before migration 24) still does.
   */
  const ftsPosting = (index: IndexRow, term: string, withCaption: boolean) => {
    const posting = new Map<number, number>();
    const quoted = `"${term.replace(/"/g, '""')}"`;
    COLUMNS.forEach((column, c) => {
      // Only table units have a caption: ranking cells or rows, that lookup finds nothing.
      if (column === 'caption' && !withCaption) return;
      for (const id of matching.all(`${column} : ${quoted}`, index.first_unit, index.last_unit))
        posting.set(id - index.first_unit, (posting.get(id - index.first_unit) ?? 0) | (1 << c));
    });
    return posting;
  };

  /**
   * Units holding each term, with the columns holding it (unit index → column mask): from the
   * document's own postings when it has them, one seek per term; a term FTS5 would read as a
   * phrase of several tokens (none of a question's terms, which are runs of letters and
   * digits, unless the tokenizer splits them) and an index without postings go to FTS5.
   */
  const postingsOf = (index: IndexRow, terms: readonly string[], withCaption: boolean) => {
    if (postingsBuilt.get(index.document_id) === undefined)
      return terms.map((term) => ftsPosting(index, term, withCaption));
    const tokens = ftsTokenizer(db).tokensOf(terms);
    const columns = withCaption ? 7 : 3;
    return terms.map((term, t) => {
      const own = tokens[t]!;
      if (own.length !== 1) return ftsPosting(index, term, withCaption);
      const units = postingOf.get(index.document_id, own[0]!);
      return units === undefined
        ? new Map<number, number>()
        : decodePostings(units, new Map(), columns);
    });
  };

  return {
    get: (documentId: number) => getIndex.get(documentId),
    build: (documentId: number, versionKey: string, units: Passage[]) =>
      // IMMEDIATE: the write lock is taken before reading max(unit_id), so two processes
      // indexing at once (the app and the CLI) queue on busy_timeout instead of one failing
      // to upgrade its read to a write.
      build(documentId, versionKey, units),
    remove: (documentId: number) => remove(documentId),
    /** Whether the document's index has its own postings (built since migration 24). */
    hasPostings: (documentId: number) => postingsBuilt.get(documentId) !== undefined,
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
      options: { tuning?: RetrievalTuning; favoured?: ReadonlySet<string> } = {},
    ): RankedPassage[] => {
      if (terms.length === 0) return [];
      const tuning = options.tuning ?? DEFAULT_TUNING;
      const units = load(index);
      const scores = bm25fScores(
        units.scored,
        postingsOf(
          index,
          terms.map((t) => t.term),
          // Tables have their caption there, cells their row path (shared/retrieval/passages.ts).
          kinds.includes('table') || kinds.includes('cell'),
        ),
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
      return withParagraphShare(ranked, ([i]) => units.scored[i]!.kind === 'paragraph', limit).map(
        ([i, score]) => ({
          ordinal: units.ordinals[i]!,
          hit: toHit(metaById.get(units.first + i)!, score),
        }),
      );
    },
    /**
     * The documents whose name or summary holds any of the terms, best first (FTS5's bm25 over
     * one row per document: its cost grows with the documents holding a term, not with their
     * units). Indexes built before migration 23 get their summary first, from their stored units.
     */
    searchDocuments: (terms: readonly string[], limit: number): { documentId: number }[] => {
      const missing = unsummarized.all();
      try {
        if (missing.length > 0) summarizeMissing(missing);
      } catch (e) {
        // A read-only workspace searches the documents summarized so far.
        if (!(e as { code?: string }).code?.startsWith('SQLITE_READONLY')) throw e;
      }
      if (terms.length === 0) return [];
      const query = terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ');
      return documentsMatching.all(query, limit).map((r) => ({ documentId: r.document_id }));
    },
    /** How many documents have a unit index (what a workspace search covers). */
    indexedCount: () => indexCount.get() ?? 0,
    units: (documentId: number, kinds: HitKind[]) =>
      unitsOfKinds.all(documentId, JSON.stringify(kinds)),
  };
});
