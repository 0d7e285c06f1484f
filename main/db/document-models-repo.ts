import type { Database } from 'better-sqlite3';
import { perConnection } from './per-connection';

/** Cached parse results, keyed by library document; JSON text so SQLite stays the owner. */
export const documentModelsRepo = perConnection((db: Database) => {
  const get = db.prepare<[number], { parser_version: number; model: string }>(
    'SELECT parser_version, model FROM document_models WHERE document_id = ?',
  );
  const put = db.prepare<[number, number, string, string]>(
    `INSERT INTO document_models (document_id, parser_version, model, parsed_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (document_id) DO UPDATE SET parser_version = excluded.parser_version,
       model = excluded.model, parsed_at = excluded.parsed_at`,
  );
  return {
    get: (documentId: number) => get.get(documentId),
    put: (documentId: number, parserVersion: number, modelJson: string) =>
      put.run(documentId, parserVersion, modelJson, new Date().toISOString()),
  };
});
