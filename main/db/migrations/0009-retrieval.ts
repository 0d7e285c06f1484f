import { retrievalSchemaSql } from '../../retrieval/index-schema';
import type { Migration } from './migration';

/**
 * The retrieval index (main/retrieval/index-schema.ts): FTS5 units per document with their
 * places, one row per indexed document saying which model version it was built from, and
 * optional embedding vectors. Everything goes with its document (ON DELETE CASCADE, and a
 * trigger for the FTS rows).
 */
export const m0009Retrieval: Migration = {
  version: 9,
  name: 'retrieval',
  up: (db) => {
    db.exec(retrievalSchemaSql({ documentsTable: true }));
  },
};
