import { describe, expect, it } from 'vitest';
import { INDEX_GROUP, RunIndexes } from '../../../main/runs/engine/run-indexes';
import type { AskDocument } from '../../../main/ask/document-cache';
import type { Document } from '../../../shared/document';

/** Questions by their document ids (ids over 1000 are library files). */
const queueOf = (ids: (number | null)[]) => ids.map((documentId) => ({ documentId }));

function setup(missing: ReadonlySet<number> = new Set()) {
  const groups: number[][] = [];
  const opened: number[] = [];
  const indexes = new RunIndexes(
    {
      get: (id: number) => {
        opened.push(id);
        return missing.has(id)
          ? Promise.reject(new Error(`no document #${id}`))
          : Promise.resolve({ document: { title: `#${id}` } as Document } as AskDocument);
      },
    },
    {
      prepare: (docs) => {
        groups.push(docs.map((d) => d.documentId));
        return docs.length;
      },
    },
    (id) => id < 1000,
  );
  return { indexes, groups, opened };
}

describe('RunIndexes: records indexed in groups ahead of their questions', () => {
  it('builds the next records of the queue together, once each, files left to their search', async () => {
    const { indexes, groups } = setup();
    // 40 records, 3 questions each, a library file (1001) and a question without a document.
    const ids = [...Array.from({ length: 40 }, (_, r) => [r + 1, r + 1, r + 1]).flat(), 1001, null];
    const queue = queueOf(ids);
    // The engine calls it before each question it starts, then takes the question off.
    while (queue.length > 0) {
      await indexes.ahead(queue);
      queue.shift();
    }
    expect(groups.map((g) => g.length)).toEqual([INDEX_GROUP, INDEX_GROUP, 40 - 2 * INDEX_GROUP]);
    expect(groups.flat()).toEqual(Array.from({ length: 40 }, (_, r) => r + 1));
  });

  it('leaves a record it cannot open to its question', async () => {
    const { indexes, groups, opened } = setup(new Set([2]));
    await indexes.ahead(queueOf([1, 2, 3]));
    expect(opened).toEqual([1, 2, 3]);
    expect(groups).toEqual([[1, 3]]);
    // Not tried again: its question's own open says why it failed.
    await indexes.ahead(queueOf([2, 3]));
    expect(groups).toHaveLength(1);
  });
});
