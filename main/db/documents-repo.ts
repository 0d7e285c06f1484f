import type { Database } from 'better-sqlite3';
import { perConnection } from './per-connection';
import type { DocumentKind } from '../../shared/library/document-kind';
import type { DocumentSummary } from '../../shared/library/document';

interface DocumentRow {
  id: number;
  name: string;
  kind: DocumentKind;
  size: number;
  sha256: string;
  imported_at: string;
}

const toSummary = (r: DocumentRow): DocumentSummary => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  size: r.size,
  sha256: r.sha256,
  importedAt: r.imported_at,
});

/** All SQL touching `documents` lives here. Statements are prepared once per connection. */
export const documentsRepo = perConnection((db: Database) => {
  const insert = db.prepare<[string, string, number, string, string], DocumentRow>(
    'INSERT INTO documents (name, kind, size, sha256, imported_at) VALUES (?, ?, ?, ?, ?) RETURNING *',
  );
  const bySha = db.prepare<[string], DocumentRow>('SELECT * FROM documents WHERE sha256 = ?');
  const byId = db.prepare<[number], DocumentRow>('SELECT * FROM documents WHERE id = ?');
  const all = db.prepare<[], DocumentRow>(
    'SELECT * FROM documents ORDER BY imported_at DESC, id DESC',
  );
  const del = db.prepare<[number]>('DELETE FROM documents WHERE id = ?');
  const totals = db.prepare<[], { count: number; bytes: number }>(
    'SELECT count(*) AS count, coalesce(sum(size), 0) AS bytes FROM documents',
  );

  return {
    insert: (d: {
      name: string;
      kind: DocumentKind;
      size: number;
      sha256: string;
      importedAt: string;
    }) => toSummary(insert.get(d.name, d.kind, d.size, d.sha256, d.importedAt)!),
    findBySha: (sha256: string) => {
      const r = bySha.get(sha256);
      return r ? toSummary(r) : undefined;
    },
    findById: (id: number) => {
      const r = byId.get(id);
      return r ? toSummary(r) : undefined;
    },
    list: () => all.all().map(toSummary),
    remove: (id: number) => del.run(id).changes > 0,
    totals: () => totals.get()!,
  };
});
export type DocumentsRepo = ReturnType<typeof documentsRepo>;
