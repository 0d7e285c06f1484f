import type { Database } from 'better-sqlite3';
import { perConnection } from './per-connection';
import type { DocumentKind } from '../../shared/library/document-kind';
import type { DocumentSummary, FileSummary } from '../../shared/library/document';

interface DocumentRow {
  id: number;
  name: string;
  kind: DocumentSummary['kind'];
  size: number;
  sha256: string | null;
  imported_at: string;
  dataset_id: number | null;
  external_id: string | null;
}

const toSummary = (r: DocumentRow): DocumentSummary => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  size: r.size,
  sha256: r.sha256,
  importedAt: r.imported_at,
  dataset: r.dataset_id === null ? null : { id: r.dataset_id, externalId: r.external_id ?? '' },
});

/** A library file: a document with a stored original. */
export type FileDocument = FileSummary;
export const isFileDocument = (d: DocumentSummary): d is FileDocument => d.sha256 !== null;

/**
 * All SQL touching `documents` lives here (dataset records are written by questions-repo, in
 * the same transaction as their questions). Statements are prepared once per connection.
 */
export const documentsRepo = perConnection((db: Database) => {
  const insert = db.prepare<[string, string, number, string, string], DocumentRow>(
    'INSERT INTO documents (name, kind, size, sha256, imported_at) VALUES (?, ?, ?, ?, ?) RETURNING *',
  );
  const bySha = db.prepare<[string], DocumentRow>('SELECT * FROM documents WHERE sha256 = ?');
  const byId = db.prepare<[number], DocumentRow>('SELECT * FROM documents WHERE id = ?');
  // The Library lists files; records are reached through their dataset.
  const all = db.prepare<[], DocumentRow>(
    'SELECT * FROM documents WHERE sha256 IS NOT NULL ORDER BY imported_at DESC, id DESC',
  );
  const del = db.prepare<[number]>('DELETE FROM documents WHERE id = ? AND sha256 IS NOT NULL');
  const totals = db.prepare<[], { count: number; bytes: number }>(
    'SELECT count(*) AS count, coalesce(sum(size), 0) AS bytes FROM documents WHERE sha256 IS NOT NULL',
  );
  const recordModel = db.prepare<[number], { model: string }>(
    'SELECT model FROM dataset_records WHERE document_id = ?',
  );

  return {
    insert: (d: {
      name: string;
      kind: DocumentKind;
      size: number;
      sha256: string;
      importedAt: string;
    }) => toSummary(insert.get(d.name, d.kind, d.size, d.sha256, d.importedAt)!) as FileDocument,
    findBySha: (sha256: string) => {
      const r = bySha.get(sha256);
      return r ? (toSummary(r) as FileDocument) : undefined;
    },
    findById: (id: number) => {
      const r = byId.get(id);
      return r ? toSummary(r) : undefined;
    },
    list: () => all.all().map((r) => toSummary(r) as FileDocument),
    /** Removes a library file's row (records go with their dataset, never one by one). */
    remove: (id: number) => del.run(id).changes > 0,
    totals: () => totals.get()!,
    /** A dataset record's model as stored (JSON text), or undefined for a file. */
    recordModel: (id: number) => recordModel.get(id)?.model,
  };
});
export type DocumentsRepo = ReturnType<typeof documentsRepo>;
