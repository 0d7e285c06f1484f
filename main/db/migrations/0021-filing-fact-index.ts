import type { Migration } from './migration';

/**
 * The fact index of each tagged filing (issue 27; shared/sandbox/fact-index.ts builds it,
 * main/library/fact-index-service.ts keeps it): one row per fact shown in the filing's tables,
 * once per concept, period, dimensions and unit, with the cells it appears in. Beside
 * `document_facts` (migration 7: one row of cover facts per document, which this reads for the
 * filer's fiscal year) rather than in it, since a filing has thousands of facts.
 * `fact_index_documents` says which index and parser version built a document's rows (a newer
 * one builds them again); `local_name` is the concept without its prefix, lower-cased, so a
 * concept is found across filings whatever its prefix. A period is an instant
 * (`period_start` NULL) or a span; `label` its fiscal name ("FY2024", "Q3 2024"), NULL for other
 * spans. `decimals` is an integer written as text, or "INF".
 */
export const m0021FilingFactIndex: Migration = {
  version: 21,
  name: 'filing-fact-index',
  up: (db) => {
    db.exec(`
      CREATE TABLE fact_index_documents (
        document_id    INTEGER PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
        index_version  INTEGER NOT NULL,
        parser_version INTEGER NOT NULL,
        fact_count     INTEGER NOT NULL CHECK (fact_count >= 0),
        indexed_at     TEXT    NOT NULL
      ) STRICT;

      CREATE TABLE filing_facts (
        document_id  INTEGER NOT NULL REFERENCES fact_index_documents(document_id) ON DELETE CASCADE,
        seq          INTEGER NOT NULL CHECK (seq >= 0),
        concept      TEXT    NOT NULL CHECK (concept <> ''),
        local_name   TEXT    NOT NULL,
        period_start TEXT,
        period_end   TEXT    NOT NULL,
        label        TEXT,
        dimensions   TEXT    NOT NULL CHECK (json_valid(dimensions)),
        unit         TEXT,
        decimals     TEXT,
        value        REAL    NOT NULL,
        scale        REAL    NOT NULL,
        base         REAL    NOT NULL,
        cells        TEXT    NOT NULL CHECK (json_valid(cells)),
        PRIMARY KEY (document_id, seq)
      ) STRICT;
      CREATE INDEX filing_facts_by_name ON filing_facts (local_name, document_id);
    `);
  },
};
