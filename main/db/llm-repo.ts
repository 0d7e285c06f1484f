import type { Database } from 'better-sqlite3';
import {
  LlmSettings,
  ProviderConfig,
  type LlmSettings as LlmSettingsT,
  type ProviderConfig as ProviderConfigT,
} from '../../shared/llm/provider';
import { perConnection } from './per-connection';

export interface StoredProvider {
  id: number;
  config: ProviderConfigT;
}

const defaultSettings: LlmSettingsT = { offline: false, prices: [] };

/**
 * The response cache is bounded: past `maxBytes` of stored responses the oldest entries go
 * first (insertion order, the table's rowid) until 3/4 of the bound is left, so a workspace
 * used for months of runs does not grow without end. The size is checked every `checkEvery`
 * writes, not on each, since summing it reads the whole table.
 */
export const LLM_CACHE_LIMIT = { maxBytes: 256 * 1024 * 1024, checkEvery: 500 };

/** Drops the oldest cache entries when they hold more than `maxBytes`; answers rows removed. */
export function trimLlmCache(db: Database, maxBytes = LLM_CACHE_LIMIT.maxBytes): number {
  const total =
    db.prepare<[], { n: number | null }>('SELECT sum(length(response)) AS n FROM llm_cache').get()
      ?.n ?? 0;
  if (total <= maxBytes) return 0;
  // Remove the oldest rows whose responses add up to what is over 3/4 of the bound.
  const excess = total - Math.floor((maxBytes * 3) / 4);
  return db
    .prepare<[number]>(
      `DELETE FROM llm_cache WHERE rowid <= (
         SELECT rowid FROM (
           SELECT rowid, sum(length(response)) OVER (ORDER BY rowid) AS upto FROM llm_cache
         ) WHERE upto >= ? ORDER BY rowid LIMIT 1)`,
    )
    .run(excess).changes;
}

/** All SQL touching `llm_providers`, `llm_settings` and `llm_cache` (migration 8). */
export const llmRepo = perConnection((db: Database) => {
  const all = db.prepare<[], { id: number; config: string }>(
    'SELECT id, config FROM llm_providers ORDER BY id',
  );
  const byId = db.prepare<[number], { id: number; config: string }>(
    'SELECT id, config FROM llm_providers WHERE id = ?',
  );
  const insert = db.prepare<[string, string]>(
    'INSERT INTO llm_providers (config, created_at) VALUES (?, ?)',
  );
  const update = db.prepare<[string, number]>('UPDATE llm_providers SET config = ? WHERE id = ?');
  const remove = db.prepare<[number]>('DELETE FROM llm_providers WHERE id = ?');
  const settings = db.prepare<[], { offline: number; prices: string }>(
    'SELECT offline, prices FROM llm_settings WHERE id = 1',
  );
  const putSettings = db.prepare<[number, string]>(
    'INSERT INTO llm_settings (id, offline, prices) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET offline = excluded.offline, prices = excluded.prices',
  );
  // Changes when another connection commits (not on this one's own commits).
  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  const cacheGet = db.prepare<[string], { response: string }>(
    'SELECT response FROM llm_cache WHERE key = ?',
  );
  const cachePut = db.prepare<[string, string, string]>(
    'INSERT OR REPLACE INTO llm_cache (key, response, created_at) VALUES (?, ?, ?)',
  );

  let writesSinceCheck = 0;

  // Rows are parsed on the way out: a hand-edited or newer row cannot reach the API malformed.
  const toProvider = (r: { id: number; config: string }): StoredProvider => ({
    id: r.id,
    config: ProviderConfig.parse(JSON.parse(r.config)),
  });

  return {
    providers: (): StoredProvider[] => all.all().map(toProvider),
    provider: (id: number): StoredProvider | undefined => {
      const r = byId.get(id);
      return r ? toProvider(r) : undefined;
    },
    /** Adds (id undefined) or replaces; answers the id, or undefined when `id` does not exist. */
    saveProvider: (id: number | undefined, config: ProviderConfigT): number | undefined => {
      const json = JSON.stringify(config);
      if (id === undefined) {
        return Number(insert.run(json, new Date().toISOString()).lastInsertRowid);
      }
      return update.run(json, id).changes > 0 ? id : undefined;
    },
    removeProvider: (id: number): boolean => remove.run(id).changes > 0,
    settings: (): LlmSettingsT => {
      const r = settings.get();
      if (!r) return defaultSettings;
      return LlmSettings.parse({
        offline: r.offline === 1,
        prices: JSON.parse(r.prices) as unknown,
      });
    },
    /** SQLite's data_version: a change says another connection committed since the last read. */
    dataVersion: (): number => dataVersion.get()!,
    putSettings: (s: LlmSettingsT): void => {
      putSettings.run(s.offline ? 1 : 0, JSON.stringify(s.prices));
    },
    cacheGet: (key: string): unknown => {
      const r = cacheGet.get(key);
      return r ? (JSON.parse(r.response) as unknown) : undefined;
    },
    cachePut: (key: string, response: unknown): void => {
      cachePut.run(key, JSON.stringify(response), new Date().toISOString());
      if (++writesSinceCheck >= LLM_CACHE_LIMIT.checkEvery) {
        writesSinceCheck = 0;
        trimLlmCache(db);
      }
    },
  };
});
