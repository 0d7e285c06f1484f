import type { Migration } from './migration';

/**
 * Model providers (main/llm). `llm_providers.config` is a ProviderConfig as JSON: the name of the
 * secret holding its API key, never the key (keys live in the secret store, outside this file).
 * `llm_settings` is one row (id 1): the offline switch and the price table (USD per million
 * tokens). `llm_cache` keeps successful responses by sha256 of the canonical request (base URL,
 * model, parameters, messages, sample index; no key, retries or timeouts); errors are never
 * stored.
 */
export const m0008Llm: Migration = {
  version: 8,
  name: 'llm',
  up: (db) => {
    db.exec(`
      CREATE TABLE llm_providers (
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        config     TEXT    NOT NULL CHECK (json_valid(config)),
        created_at TEXT    NOT NULL
      ) STRICT;

      CREATE TABLE llm_settings (
        id      INTEGER PRIMARY KEY CHECK (id = 1),
        offline INTEGER NOT NULL CHECK (offline IN (0, 1)),
        prices  TEXT    NOT NULL CHECK (json_valid(prices))
      ) STRICT;

      CREATE TABLE llm_cache (
        key        TEXT PRIMARY KEY,
        response   TEXT NOT NULL CHECK (json_valid(response)),
        created_at TEXT NOT NULL
      ) STRICT;
    `);
  },
};
