import type { Database } from 'better-sqlite3';
import type { Passage } from '../../shared/retrieval/passages';
import { perConnection } from '../db/per-connection';
import { decodePostings, ftsTokenizer } from './postings';
import { encodeRankingPassages, type RankingRow } from './ranking-passages';

/** The FTS5 columns, in the order of BM25F's weights and of the posting bit masks. */
const COLUMNS = ['text', 'headers', 'caption'] as const;

/** Where a document's units sit in `retrieval_units` (its `retrieval_indexes` row). */
export interface UnitRange {
  document_id: number;
  first_unit: number;
  last_unit: number;
}

/**
 * Each term's units and columns (unit index → column mask): a one-token term from the document's
 * own postings (`own`, found or not), any other term through FTS5 (`viaFts`).
 */
function lookUp(
  db: Database,
  index: UnitRange,
  terms: readonly string[],
  withCaption: boolean,
  own: (token: string) => Buffer | undefined,
  viaFts: (index: UnitRange, term: string, withCaption: boolean) => Map<number, number>,
): Map<number, number>[] {
  const tokens = ftsTokenizer(db).tokensOf(terms);
  const columns = withCaption ? 7 : 3;
  return terms.map((term, t) => {
    const these = tokens[t]!;
    if (these.length !== 1) return viaFts(index, term, withCaption);
    const units = own(these[0]!);
    return units === undefined
      ? new Map<number, number>()
      : decodePostings(units, new Map(), columns);
  });
}

/**
 * A document's postings (migration 24: `retrieval_postings`, and `retrieval_ranking_units`,
 * whose row also says they are written), and the FTS5 lookups an index built before them
 * still makes. Part of ftsIndex (main/retrieval/fts-index.ts); statements prepared once per
 * connection.
 */
export const ftsPostingsStore = perConnection((db: Database) => {
  // The rowid range keeps FTS5 inside one document's units.
  // Plucked: a common word matches a thousand units; numbers, not row objects.
  const matching = db
    .prepare<[string, number, number], number>(
      `SELECT rowid FROM retrieval_units WHERE retrieval_units MATCH ? AND rowid BETWEEN ? AND ?`,
    )
    .pluck();
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
  const allPostings = db
    .prepare<[number], [string, Buffer]>(
      'SELECT term, units FROM retrieval_postings WHERE document_id = ?',
    )
    .raw();
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
  const remove = (documentId: number) => {
    delPostings.run(documentId);
    delRanking.run(documentId);
  };

  /**
   * One term's units through `retrieval_units`, with the columns holding it: one FTS5 lookup per
   * column (`headers : "revenue"`) over the document's rowid range, the term quoted so nothing
   * in a question is FTS5 syntax. Each costs more as the term's doclist spans more of the
   * workspace: what an index without its own postings (built before migration 24) still does.
   */
  const ftsPosting = (index: UnitRange, term: string, withCaption: boolean) => {
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

  return {
    /** Replaces the document's postings and its ranking data. */
    write: (documentId: number, units: Passage[], ranking: readonly RankingRow[], at: string) => {
      remove(documentId);
      for (const p of ftsTokenizer(db).postingsOf(units))
        insPosting.run(documentId, p.term, p.units);
      insRanking.run(documentId, encodeRankingPassages(ranking), at);
    },
    remove,
    /** Whether the document's index has its own postings (built since migration 24). */
    built: (documentId: number) => postingsBuilt.get(documentId) !== undefined,
    /** The document's ranking data as one value (since migration 24), if it has it. */
    storedRanking: (documentId: number) => storedRanking.get(documentId),
    /**
     * Units holding each term, with the columns holding it (unit index → column mask): from the
     * document's own postings when it has them, one seek per term; a term FTS5 would read as a
     * phrase of several tokens (none of a question's terms, which are runs of letters and
     * digits, unless the tokenizer splits them) and an index without postings go to FTS5.
     */
    of: (index: UnitRange, terms: readonly string[], withCaption: boolean) => {
      if (postingsBuilt.get(index.document_id) === undefined)
        return terms.map((term) => ftsPosting(index, term, withCaption));
      const own = (token: string) => postingOf.get(index.document_id, token);
      return lookUp(db, index, terms, withCaption, own, ftsPosting);
    },
    /** Every posting of a document with its own postings, by token (one query). */
    allOf: (documentId: number) => new Map(allPostings.all(documentId)),
    /** As `of`, the document's postings already read (`allOf`). */
    ofLoaded: (
      index: UnitRange,
      terms: readonly string[],
      withCaption: boolean,
      loaded: ReadonlyMap<string, Buffer>,
    ) => lookUp(db, index, terms, withCaption, (token) => loaded.get(token), ftsPosting),
  };
});
