import { describe, expect, it } from 'vitest';
import type { NewRunItem } from '../../../main/db/runs-repo';
import { ItemCommitter } from '../../../main/runs/engine/item-committer';

const item = (questionId: number): NewRunItem => ({
  questionId,
  externalId: `q${questionId}`,
  output: 'Answer: 1',
  answer: 'Answer: 1',
  answerKind: 'text',
  answerScale: null,
  program: null,
  execution: null,
  usage: null,
  latencyMs: 1,
  error: null,
  verdicts: [],
});

describe('ItemCommitter (one transaction per event-loop turn)', () => {
  it('items put in one turn are written together; each put resolves only after the write', async () => {
    const writes: number[][] = [];
    const c = new ItemCommitter((items) => writes.push(items.map((i) => i.questionId!)));
    const settled: number[] = [];
    const puts = [1, 2, 3].map((q) => c.put(item(q)).then(() => settled.push(q)));
    // Nothing is written (or reported committed) before the turn ends.
    await Promise.resolve();
    expect(writes).toEqual([]);
    expect(settled).toEqual([]);
    await Promise.all(puts);
    expect(writes).toEqual([[1, 2, 3]]);
    expect(settled).toEqual([1, 2, 3]);
    // A later turn starts a new transaction.
    await c.put(item(4));
    expect(writes).toEqual([[1, 2, 3], [4]]);
  });

  it('a failed write rejects every item of it, and the next turn writes again', async () => {
    let fail = true;
    const writes: number[][] = [];
    const c = new ItemCommitter((items) => {
      if (fail) throw new Error('SQLITE_FULL: database or disk is full');
      writes.push(items.map((i) => i.questionId!));
    });
    const results = await Promise.allSettled([c.put(item(1)), c.put(item(2))]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/SQLITE_FULL/);
    fail = false;
    await c.put(item(3));
    expect(writes).toEqual([[3]]);
  });
});
