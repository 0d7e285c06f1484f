import { describe, expect, it } from 'vitest';
import { RunTag } from '../../../main/sandbox/run-tag';

describe('RunTag (per-run host data kept on the run object, not in a WeakMap)', () => {
  it('keeps a value per owner and per tag', () => {
    const a = new RunTag<object, number>('a');
    const b = new RunTag<object, number>('a');
    const one = {};
    const two = {};
    expect(a.has(one)).toBe(false);
    a.set(one, 1);
    b.set(one, 2);
    expect(a.get(one)).toBe(1);
    expect(b.get(one)).toBe(2);
    expect(a.has(two)).toBe(false);
    expect(a.get(two)).toBeUndefined();
  });

  it('adds no string-keyed property to the owner', () => {
    const tag = new RunTag<() => number, string>('twin');
    const fn = () => 1;
    tag.set(fn, 'x');
    expect(Object.keys(fn)).toEqual([]);
    expect(JSON.stringify({ fn: tag.get(fn) })).toBe('{"fn":"x"}');
  });
});
