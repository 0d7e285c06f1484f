import type { Migration } from './migration';

/**
 * Each document's own postings (issue 26): a document's search looked up every term in the one
 * FTS5 index of all units, restricted to the document's rowid range, and iterating a common
 * term's matches there costs more as the term's doclist spans more of the workspace, so every
 * search and ask slowed as documents were added. Here each (document, term) has one row holding
 * the units with the term and the columns holding it, found by one b-tree seek: the cost of a
 * lookup is the term's matches in that document, whatever else the workspace holds.
 *
 * - `retrieval_postings`: `units` is a list of varints, one per unit holding the term, in unit
 *   order: (unit index − previous unit index) × 8 + the column mask (1 text, 2 headers,
 *   4 caption). `term` is the token as FTS5's tokenizer gives it (porter unicode61
 *   remove_diacritics 2), so it matches what `retrieval_units` matched.
 * - `retrieval_ranking_units`: what ranking reads of each of the document's units (kind, block,
 *   column lengths, page, lead-in, order) in one value (main/retrieval/ranking-passages.ts), read
 *   at once instead of one `retrieval_unit_meta` row per unit; its row also says the document's
 *   postings are written (a document without terms has none, so they cannot say it).
 * Both go with the document's unit index (ON DELETE CASCADE from `retrieval_indexes`). Nothing
 * is filled here: opening a big workspace must stay fast, and the tokens come from the
 * document's units, which only the parsed document holds (the FTS5 index is contentless). An
 * index built before this migration keeps being searched through `retrieval_units` until the
 * document's next own search (or ask) writes its postings (main/retrieval/retrieval-service.ts).
 */
export const m0024RetrievalPostings: Migration = {
  version: 24,
  name: 'retrieval-postings',
  up: (db) => {
    db.exec(`
      CREATE TABLE retrieval_postings (
        document_id INTEGER NOT NULL REFERENCES retrieval_indexes(document_id) ON DELETE CASCADE,
        term        TEXT    NOT NULL,
        units       BLOB    NOT NULL,
        PRIMARY KEY (document_id, term)
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE retrieval_ranking_units (
        document_id INTEGER PRIMARY KEY REFERENCES retrieval_indexes(document_id) ON DELETE CASCADE,
        units       BLOB    NOT NULL,
        built_at    TEXT    NOT NULL
      ) STRICT;
    `);
  },
};
