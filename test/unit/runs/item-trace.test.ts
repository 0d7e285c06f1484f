import { describe, expect, it } from 'vitest';
import { traceOf } from '../../../shared/runs/item-detail';

const read = { tableId: 't0', row: 1, col: 0, value: 44.1, text: '44.1', scale: 1e6, unit: 'USD' };

describe('traceOf (the trace stored in a run item’s execution JSON)', () => {
  it('reads a version 1 trace', () => {
    expect(traceOf({ ok: true, result: -12.6, trace: { version: 1, reads: [read] } })).toEqual({
      version: 1,
      reads: [read],
    });
  });

  it('skips what it does not know: no trace, a later version, a malformed one, no execution', () => {
    expect(traceOf({ ok: true, result: 1 })).toBeNull();
    expect(traceOf({ ok: true, trace: { version: 2, cells: [] } })).toBeNull();
    expect(traceOf({ ok: true, trace: { version: 1, reads: [{ tableId: 7 }] } })).toBeNull();
    expect(traceOf(null)).toBeNull();
    expect(traceOf('{"trace":1}')).toBeNull();
  });
});
