import { describe, expect, it } from 'vitest';
import { TableSet } from '../../../shared/sandbox/cell-lookup';
import type { SandboxTable } from '../../../shared/sandbox/types';

const segments: SandboxTable = {
  id: 'seg',
  cells: [
    { rowPath: ['Aerospace Systems', 'Product', 'Sales'], colPath: ['2018'], value: 11087 },
    { rowPath: ['Aerospace Systems', 'Service', 'Sales'], colPath: ['2018'], value: 2100 },
    { rowPath: ['Mission Systems', 'Product', 'Sales'], colPath: ['2018'], value: 6012 },
    { rowPath: ['Total revenue'], colPath: ['2018'], value: 30095 },
    { rowPath: ['Total revenue'], colPath: ['2017'], value: null },
  ],
};
const set = new TableSet([segments]);

describe('TableSet.findCell', () => {
  it('finds a cell by its full header paths', () => {
    expect(set.findCell('seg', ['Aerospace Systems', 'Product', 'Sales'], ['2018'])).toMatchObject({
      ok: true,
      value: 11087,
    });
  });

  it('ignores case and extra whitespace in labels', () => {
    expect(set.findCell('seg', ['  total   REVENUE '], ['2018'])).toMatchObject({
      ok: true,
      value: 30095,
    });
  });

  it('accepts a unique tail of the row path (section headers dropped)', () => {
    expect(set.findCell('seg', ['Mission Systems', 'Product', 'Sales'], ['2018'])).toMatchObject({
      value: 6012,
    });
    expect(set.findCell('seg', ['Service', 'Sales'], ['2018'])).toMatchObject({
      ok: true,
      value: 2100,
    });
  });

  it('refuses an ambiguous tail and names the candidates', () => {
    const r = set.findCell('seg', ['Product', 'Sales'], ['2018']);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toContain('2 cells match');
    expect(!r.ok && r.message).toContain('Mission Systems');
  });

  it('refuses an empty cell rather than returning null (null * 2 would silently be 0)', () => {
    const r = set.findCell('seg', ['Total revenue'], ['2017']);
    expect(r).toMatchObject({ ok: false });
    expect(!r.ok && r.message).toContain('empty or not a number');
  });

  it('reports unknown tables and cells with the ids that exist', () => {
    const noTable = set.findCell('nope', ['x'], ['y']);
    expect(!noTable.ok && noTable.message).toContain('tables: seg');
    expect(new TableSet([]).findCell('t', ['x'], ['y'])).toMatchObject({ ok: false });
    const noCell = set.findCell('seg', ['Net income'], ['2018']);
    // A miss names the nearest cells (header words in common), best first.
    expect(!noCell.ok && noCell.message).toBe(
      'cell("seg", ["Net income"], ["2018"]): no such cell; nearest: ' +
        '["Aerospace Systems","Product","Sales"] × ["2018"] = 11087; ' +
        '["Aerospace Systems","Service","Sales"] × ["2018"] = 2100; ' +
        '["Mission Systems","Product","Sales"] × ["2018"] = 6012',
    );
    const near = set.findCell('seg', ['Mission sales'], ['2018']);
    expect(!near.ok && near.message).toContain(
      'nearest: ["Mission Systems","Product","Sales"] × ["2018"] = 6012',
    );
  });

  it('answers a repeated lookup the same way, quoting each call as it was written', () => {
    const first = set.findCell('seg', ['Service', 'Sales'], ['2018']);
    expect(set.findCell('seg', ['Service', 'Sales'], ['2018'])).toEqual(first);
    const a = set.findCell('seg', ['NET income'], ['2018'], 'cellInfo');
    const b = set.findCell('seg', ['Net income'], ['2018'], 'cellInfo');
    expect(!a.ok && a.message).toMatch(/^cellInfo\("seg", \["NET income"\]/);
    expect(!b.ok && b.message).toMatch(/^cellInfo\("seg", \["Net income"\]/);
  });

  it('does not treat a longer query than the path as a tail match', () => {
    expect(set.findCell('seg', ['Extra', 'Total revenue'], ['2018']).ok).toBe(false);
  });
});
