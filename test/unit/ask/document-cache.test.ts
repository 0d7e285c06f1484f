import { describe, expect, it } from 'vitest';
import { AskDocumentCache } from '../../../main/ask/document-cache';

const opened = (title: string) =>
  Buffer.from(JSON.stringify({ document: { id: 1 }, model: { title, tables: [], blocks: [] } }));

describe('AskDocumentCache', () => {
  it('parses once per distinct model bytes; new bytes (a re-parse) give a new entry', () => {
    const cache = new AskDocumentCache();
    const a = cache.fromOpened(opened('A'));
    expect(a.document.title).toBe('A');
    expect(cache.fromOpened(opened('A'))).toBe(a);
    const b = cache.fromOpened(opened('A, parsed again'));
    expect(b).not.toBe(a);
    expect(b.tables()).toEqual([]);
  });

  it('keeps the four most recently used', () => {
    const cache = new AskDocumentCache();
    const first = cache.fromOpened(opened('1'));
    for (const t of ['2', '3', '4']) cache.fromOpened(opened(t));
    expect(cache.fromOpened(opened('1'))).toBe(first); // used again: now the most recent
    cache.fromOpened(opened('5')); // evicts '2'
    expect(cache.fromOpened(opened('1'))).toBe(first);
  });
});
