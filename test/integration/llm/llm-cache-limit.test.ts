import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LLM_CACHE_LIMIT, llmRepo, trimLlmCache } from '../../../main/db/llm-repo';
import { openDatabase } from '../../../main/db/open';
import { tempDir } from '../../support/temp-dir';

describe('the LLM response cache is bounded', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => cleanups.splice(0).forEach((c) => c()));
  const freshDb = () => {
    const t = tempDir();
    cleanups.push(t.cleanup);
    return openDatabase(join(t.dir, 'workbench.sqlite'));
  };
  const reply = (i: number) => ({ text: `answer ${i} `.padEnd(1000, 'x') });

  it('drops the oldest entries down to 3/4 of the bound and keeps the newest', () => {
    const db = freshDb();
    const repo = llmRepo(db);
    for (let i = 0; i < 100; i++) repo.cachePut(`k${i}`, reply(i));
    const size = () =>
      db.prepare<[], { n: number }>('SELECT sum(length(response)) AS n FROM llm_cache').get()!.n;
    const entry = size() / 100;
    expect(trimLlmCache(db, size())).toBe(0); // at the bound: nothing goes

    const removed = trimLlmCache(db, 40 * entry);
    expect(size()).toBeLessThanOrEqual(30 * entry);
    expect(size()).toBeGreaterThan(28 * entry);
    expect(removed).toBeGreaterThanOrEqual(70);
    expect(repo.cacheGet('k0')).toBeUndefined();
    expect(repo.cacheGet('k99')).toEqual(reply(99));
    db.close();
  });

  it('a re-written key counts as new (it moves to the end of the queue)', () => {
    const db = freshDb();
    const repo = llmRepo(db);
    for (let i = 0; i < 10; i++) repo.cachePut(`k${i}`, reply(i));
    repo.cachePut('k0', reply(0));
    trimLlmCache(db, 4 * 1010);
    expect(repo.cacheGet('k0')).toEqual(reply(0));
    expect(repo.cacheGet('k1')).toBeUndefined();
    db.close();
  });

  it('writes check the bound on their own every few hundred puts', () => {
    const db = freshDb();
    const repo = llmRepo(db);
    const saved = { ...LLM_CACHE_LIMIT };
    try {
      LLM_CACHE_LIMIT.maxBytes = 20_000;
      LLM_CACHE_LIMIT.checkEvery = 10;
      for (let i = 0; i < 200; i++) repo.cachePut(`k${i}`, reply(i));
      const n = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM llm_cache').get()!.n;
      expect(n).toBeLessThan(30);
      expect(repo.cacheGet('k199')).toEqual(reply(199));
    } finally {
      Object.assign(LLM_CACHE_LIMIT, saved);
      db.close();
    }
  });
});
