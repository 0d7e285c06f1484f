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
  const cacheGet = db.prepare<[string], { response: string }>(
    'SELECT response FROM llm_cache WHERE key = ?',
  );
  const cachePut = db.prepare<[string, string, string]>(
    'INSERT OR REPLACE INTO llm_cache (key, response, created_at) VALUES (?, ?, ?)',
  );

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
    putSettings: (s: LlmSettingsT): void => {
      putSettings.run(s.offline ? 1 : 0, JSON.stringify(s.prices));
    },
    cacheGet: (key: string): unknown => {
      const r = cacheGet.get(key);
      return r ? (JSON.parse(r.response) as unknown) : undefined;
    },
    cachePut: (key: string, response: unknown): void => {
      cachePut.run(key, JSON.stringify(response), new Date().toISOString());
    },
  };
});
