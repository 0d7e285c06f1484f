import type { Migration } from './migration';

/**
 * Issue 27: companies and periods in the Library, and facts found by the words of their rows.
 * `document_facts` (migration 7) gets the filer's Central Index Key (`cik`, ten digits, from
 * dei:EntityCentralIndexKey), by which the Library groups a company's filings, and the fiscal
 * period the filing reports (`fiscal_period`, dei:DocumentFiscalPeriodFocus: "FY", "Q2", …).
 * Rows read before stay as they were (NULL) until the reader (version 3) reads them again.
 * `filing_facts` (migration 21) gets `row_label`, the label of the row of the fact's first cell,
 * so the Facts panel finds "Total revenues" as well as us-gaap:Revenues; NULL in rows indexed
 * before (the index version is bumped, so they are built again).
 */
export const m0022FilerAndFactLabels: Migration = {
  version: 22,
  name: 'filer-and-fact-labels',
  up: (db) => {
    db.exec(`
      ALTER TABLE document_facts ADD COLUMN cik TEXT CHECK (cik IS NULL OR length(cik) = 10);
      ALTER TABLE document_facts ADD COLUMN fiscal_period TEXT;
      CREATE INDEX document_facts_by_cik ON document_facts (cik) WHERE cik IS NOT NULL;
      ALTER TABLE filing_facts ADD COLUMN row_label TEXT;
    `);
  },
};
