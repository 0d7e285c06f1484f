import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sandbox } from '../../../main/sandbox';
import type { Table } from '../../../shared/document';
import { sandboxTables } from '../../../shared/sandbox/document-tables';
import { expectHealthy } from './support';

/** A document table as the readers make it: header rows, a section, scale and units. */
const statement: Table = {
  id: 't21',
  sourceIndex: 21,
  caption: 'Consolidated Statements of Income (In millions, except per share data)',
  scaleNote: '(In millions, except per share data)',
  location: { kind: 'html', path: '/html[1]/body[1]/table[22]' },
  rowCount: 6,
  colCount: 5,
  columnHeaders: [
    {
      text: 'Year Ended',
      sourceRow: 0,
      firstCol: 1,
      lastCol: 4,
      children: [
        { text: 'Jan 26, 2025', sourceRow: 1, firstCol: 1, lastCol: 2, children: [] },
        { text: 'Jan 28, 2024', sourceRow: 1, firstCol: 3, lastCol: 4, children: [] },
      ],
    },
  ],
  rowHeaders: [],
  rows: [
    { sourceRow: 0, kind: 'header', label: '', level: 0, path: [] },
    { sourceRow: 1, kind: 'header', label: '', level: 0, path: [] },
    { sourceRow: 2, kind: 'data', label: 'Revenue', level: 0, path: ['Revenue'] },
    {
      sourceRow: 3,
      kind: 'section',
      label: 'Net income per share',
      level: 0,
      path: ['Net income per share'],
    },
    {
      sourceRow: 4,
      kind: 'data',
      label: 'Diluted',
      level: 1,
      path: ['Net income per share', 'Diluted'],
    },
    { sourceRow: 5, kind: 'data', label: 'Margin', level: 0, path: ['Margin'] },
  ],
  cells: [
    {
      sourceRow: 2,
      sourceCol: 2,
      text: '$130,497',
      kind: 'number',
      value: 130497,
      scale: 1e6,
      unit: 'USD',
      rowPath: ['Revenue'],
      colPath: ['Year Ended', 'Jan 26, 2025'],
    },
    {
      sourceRow: 2,
      sourceCol: 3,
      text: '60,922',
      kind: 'number',
      value: 60922,
      scale: 1e6,
      unit: 'USD',
      rowPath: ['Revenue'],
      colPath: ['Year Ended', 'Jan 28, 2024'],
    },
    {
      sourceRow: 4,
      sourceCol: 2,
      text: '$2.94',
      kind: 'number',
      value: 2.94,
      scale: 1,
      unit: 'USD/share',
      rowPath: ['Net income per share', 'Diluted'],
      colPath: ['Year Ended', 'Jan 26, 2025'],
    },
    {
      sourceRow: 5,
      sourceCol: 1,
      text: '55.8%',
      kind: 'number',
      value: 55.8,
      scale: 0.01,
      unit: '%',
      rowPath: ['Margin'],
      colPath: ['Year Ended', 'Jan 26, 2025'],
    },
  ],
};
const tables = sandboxTables({ tables: [statement] });

describe('Sandbox on document tables: positions, cellInfo and the trace', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = new Sandbox();
    await sandbox.warmUp();
  });
  afterAll(() => sandbox.close());

  it('cell() reads by grid position or path; the trace names the grid cell with scale and unit', async () => {
    const r = await sandbox.run("cell('t21', 0, 0) - cell('t21', 'Revenue', ['Jan 28, 2024'])", {
      tables,
    });
    expect(r).toMatchObject({ ok: true, value: 130497 - 60922 });
    expect(r.trace).toEqual([
      {
        fn: 'cell',
        args: ['t21', 0, 0],
        value: 130497,
        cell: { tableId: 't21', row: 0, col: 0, value: 130497, scale: 1e6, unit: 'USD' },
      },
      {
        fn: 'cell',
        args: ['t21', ['Revenue'], ['Jan 28, 2024']],
        value: 60922,
        cell: { tableId: 't21', row: 0, col: 1, value: 60922, scale: 1e6, unit: 'USD' },
      },
    ]);
  });

  it('cellInfo() returns a frozen object with value × scale, unit, text and both paths', async () => {
    const r = await sandbox.run(
      `function solution() {
        const rev = cellInfo('t21', 0, 0);
        const margin = cellInfo('t21', ['Margin'], ['Jan 26, 2025']);
        rev.base = 1;
        return JSON.stringify([rev, margin.base, Object.isFrozen(rev), Object.isFrozen(rev.rowPath)]);
      }`,
      { tables },
    );
    expect(r.ok).toBe(true);
    const [rev, marginBase, frozen, pathFrozen] = JSON.parse(String(r.ok && r.value)) as unknown[];
    expect(rev).toEqual({
      tableId: 't21',
      row: 0,
      col: 0,
      value: 130497,
      scale: 1e6,
      unit: 'USD',
      base: 130_497_000_000,
      text: '$130,497',
      rowPath: ['Revenue'],
      colPath: ['Year Ended', 'Jan 26, 2025'],
      // The table is written by hand with no inline XBRL tags: no fact behind the cell.
      xbrl: null,
    });
    expect(marginBase).toBe(0.558);
    expect(frozen).toBe(true);
    expect(pathFrozen).toBe(true);
    expect(r.trace.map((t) => [t.fn, t.value])).toEqual([
      ['cellInfo', 130497],
      ['cellInfo', 55.8],
    ]);
  });

  it('a section row holds no number: the error lists the nearest cells with positions', async () => {
    const r = await sandbox.run("cell('t21', 1, 0)", { tables });
    expect(r).toMatchObject({
      ok: false,
      error: {
        kind: 'runtime',
        message:
          'LookupError: cell("t21", 1, 0): no number at row 1, column 0 (values are in rows 0–3, columns 0–1); nearest: ' +
          '["Revenue"] × ["Year Ended","Jan 26, 2025"] at row 0, column 0 = $130,497; ' +
          '["Net income per share","Diluted"] × ["Year Ended","Jan 26, 2025"] at row 2, column 0 = $2.94; ' +
          '["Revenue"] × ["Year Ended","Jan 28, 2024"] at row 0, column 1 = 60,922',
      },
    });
    expect(r.trace).toEqual([{ fn: 'cell', args: ['t21', 1, 0], value: null }]);
  });

  it('bad positions are TypeErrors and are not traced', async () => {
    for (const call of ["cell('t21', -1, 0)", "cellInfo('t21', 0.5, 0)", "cell('t21', 0, 1e9)"]) {
      const r = await sandbox.run(call, { tables });
      expect(r).toMatchObject({ ok: false, error: { kind: 'runtime' } });
      expect(!r.ok && r.error.message).toMatch(
        /^TypeError: (cell|cellInfo)\(tableId, row, col\): row and col must be whole numbers from 0$/,
      );
      expect(r.trace).toEqual([]);
    }
  });

  it('replacing JSON.parse or Object.freeze does not change what cellInfo() returns or traces', async () => {
    const r = await sandbox.run(
      `JSON.parse = () => ({ value: 1e9, base: 1e9 });
       Object.freeze = (o) => o;
       const info = cellInfo('t21', 2, 0);
       [info.value, info.base, info.unit, Object.isFrozen(info)].join()`,
      { tables },
    );
    expect(r).toMatchObject({ ok: true, value: '2.94,2.94,USD/share,true' });
    expect(r.trace).toEqual([
      {
        fn: 'cellInfo',
        args: ['t21', 2, 0],
        value: 2.94,
        cell: { tableId: 't21', row: 2, col: 0, value: 2.94, scale: 1, unit: 'USD/share' },
      },
    ]);
    await expectHealthy(sandbox);
  });

  it('table() lists positions, scale, unit and text too', async () => {
    const r = await sandbox.run(
      "const t = table('t21'); JSON.stringify([t.caption, t.cells.length, t.cells[3]])",
      { tables },
    );
    expect(JSON.parse(String(r.ok && r.value))).toEqual([
      statement.caption,
      4,
      {
        rowPath: ['Margin'],
        colPath: ['Year Ended', 'Jan 26, 2025'],
        value: 55.8,
        row: 3,
        col: 0,
        scale: 0.01,
        unit: '%',
        text: '55.8%',
      },
    ]);
  });
});
