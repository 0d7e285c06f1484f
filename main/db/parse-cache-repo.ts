import type { Database } from 'better-sqlite3';
import { perConnection } from './per-connection';

export interface ParseCacheRow {
  parser_version: number;
  model_file: string;
  model_bytes: number;
}

/** Which cached model file is current for each library document (the files: ParseCache). */
export const parseCacheRepo = perConnection((db: Database) => {
  const get = db.prepare<[number], ParseCacheRow>(
    'SELECT parser_version, model_file, model_bytes FROM document_models WHERE document_id = ?',
  );
  const files = db.prepare<[], { model_file: string }>('SELECT model_file FROM document_models');
  const put = db.prepare<[number, number, string, number, string]>(
    `INSERT INTO document_models (document_id, parser_version, model_file, model_bytes, parsed_at)
     VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (document_id) DO UPDATE SET parser_version = excluded.parser_version,
       model_file = excluded.model_file, model_bytes = excluded.model_bytes,
       parsed_at = excluded.parsed_at`,
  );
  return {
    get: (documentId: number) => get.get(documentId),
    files: () => new Set(files.all().map((r) => r.model_file)),
    put: (documentId: number, parserVersion: number, file: string, bytes: number) =>
      put.run(documentId, parserVersion, file, bytes, new Date().toISOString()),
  };
});
