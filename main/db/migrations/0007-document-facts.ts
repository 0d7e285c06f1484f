import type { Migration } from './migration';

/**
 * What the Library shows about a filing (company, form, period end, fiscal year), read once
 * from the inline XBRL cover facts or the cover page's text (main/library/filing-facts-reader.ts)
 * and kept here so listing the library never reads a file. `reader_version` lets a better reader
 * read the facts again; `source` is 'xbrl', 'text' or 'none' (nothing found, not read again).
 */
export const m0007DocumentFacts: Migration = {
  version: 7,
  name: 'document-facts',
  up: (db) => {
    db.exec(`
      CREATE TABLE document_facts (
        document_id    INTEGER PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
        company        TEXT,
        form           TEXT,
        period_end     TEXT,
        fiscal_year    INTEGER,
        source         TEXT    NOT NULL CHECK (source IN ('xbrl', 'text', 'none')),
        reader_version INTEGER NOT NULL,
        read_at        TEXT    NOT NULL
      ) STRICT;
    `);
  },
};
