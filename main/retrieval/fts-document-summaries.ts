import type { Database } from 'better-sqlite3';
import { perConnection } from '../db/per-connection';
import { writeTransaction } from '../db/write-transaction';

/**
 * A document's summary row (the search across documents ranks these first): its table units
 * (caption, column headers, row labels) and the paragraphs among its first units, which hold
 * the cover page (the registrant's name, the form, the period).
 */
const SUMMARY_LEAD_UNITS = 60;

/** A term in a document's name counts this much more than one in its summary. */
const TITLE_WEIGHT = 3;

/**
 * The search across documents (migration 23): one row per document in `retrieval_documents`,
 * written from its unit index. Part of ftsIndex (main/retrieval/fts-index.ts); statements
 * prepared once per connection.
 */
export const ftsDocumentSummaries = perConnection((db: Database) => {
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

  return {
    /** Writes the summary of a document whose unit rows are written. */
    summarize,
    remove: (documentId: number) => delSummary.run(documentId),
    /**
     * The documents whose name or summary holds any of the terms, best first. Indexes built
     * before migration 23 get their summary first, from their stored units.
     */
    search: (terms: readonly string[], limit: number): { documentId: number }[] => {
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
  };
});
