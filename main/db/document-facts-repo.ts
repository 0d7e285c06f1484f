import type { Database } from 'better-sqlite3';
import type { FilingFacts } from '../../shared/library/filing-facts';
import { perConnection } from './per-connection';

interface FactsRow {
  document_id: number;
  company: string | null;
  form: string | null;
  period_end: string | null;
  fiscal_year: number | null;
  fiscal_period: string | null;
  cik: string | null;
  source: FilingFacts['source'];
}

/** The Library's filing facts per document (migration 7), read once and kept. */
export const documentFactsRepo = perConnection((db: Database) => {
  const put = db.prepare(
    `INSERT INTO document_facts (document_id, company, form, period_end, fiscal_year, fiscal_period,
       cik, source, reader_version, read_at)
     VALUES (@id, @company, @form, @periodEnd, @fiscalYear, @fiscalPeriod, @cik, @source, @version,
       @readAt)
     ON CONFLICT (document_id) DO UPDATE SET company = excluded.company, form = excluded.form,
       period_end = excluded.period_end, fiscal_year = excluded.fiscal_year,
       fiscal_period = excluded.fiscal_period, cik = excluded.cik, source = excluded.source,
       reader_version = excluded.reader_version, read_at = excluded.read_at`,
  );
  // Rows of an older reader are shown until they are read again (they lack only what it added).
  const all = db.prepare<[number], FactsRow>(
    'SELECT * FROM document_facts WHERE reader_version <= ?',
  );
  const missing = db.prepare<[number], { id: number; kind: string; sha256: string }>(
    `SELECT d.id, d.kind, d.sha256 FROM documents d
       LEFT JOIN document_facts f ON f.document_id = d.id AND f.reader_version = ?
     WHERE d.sha256 IS NOT NULL AND d.kind IN ('sec-html', 'pdf', 'other') AND f.document_id IS NULL
     ORDER BY d.id`,
  );
  return {
    put: (documentId: number, facts: FilingFacts, version: number) => {
      // A document removed while its facts were being read: nothing to keep.
      try {
        put.run({
          id: documentId,
          ...facts,
          version,
          readAt: new Date().toISOString(),
        });
      } catch (e) {
        if ((e as { code?: string }).code !== 'SQLITE_CONSTRAINT_FOREIGNKEY') throw e;
      }
    },
    /** Facts of every document read by this reader version or an older one, by document id. */
    byDocument: (version: number): Map<number, FilingFacts> =>
      new Map(
        all.all(version).map((r) => [
          r.document_id,
          {
            company: r.company,
            form: r.form,
            periodEnd: r.period_end,
            fiscalYear: r.fiscal_year,
            fiscalPeriod: r.fiscal_period,
            cik: r.cik,
            source: r.source,
          },
        ]),
      ),
    /** Library files whose facts this reader version has not read yet. */
    missing: (version: number) => missing.all(version),
  };
});
