import { describe, expect, it } from 'vitest';
import { readDatasetFile } from '../../../../main/ingest/datasets';
import type { Table } from '../../../../shared/document';
import { dataPath, hasData } from '../../../support/data-dir';

/*
 * Dataset tables whose first value columns hold a number in one row only (issue 23): they are
 * still value columns when the header row above names them as it names the others, so a
 * header spanning them stays a column header and their numbers stay cells.
 */

const cellsOf = (t: Table | undefined, row: number) =>
  (t?.cells ?? []).filter((c) => c.sourceRow === row).map((c) => [c.text, c.colPath.join(' > ')]);

describe.skipIf(!hasData)('headers spanning groups of value columns', () => {
  it('TAT-QA dev context 3: "Domestic | International" over two September 30 years each', () => {
    const { documents } = readDatasetFile(
      'tatqa',
      dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json'),
    );
    const doc = documents[2];
    expect(doc?.externalId).toBe('52164b70-6973-4844-af6a-76e8f1298d64');
    const t = doc?.tables[0];
    expect(t?.columnHeaders.map((h) => [h.text, h.firstCol, h.lastCol])).toEqual([
      ['Domestic', 1, 2],
      ['International', 3, 4],
    ]);
    expect(t?.rows.find((r) => r.sourceRow === 3)?.path).toEqual(['Discount rate']);
    expect(cellsOf(t, 3)).toEqual([
      ['4.00%', 'Domestic > September 30 > 2019'],
      ['3.75%', 'Domestic > September 30 > 2018'],
      ['1.90%', 'International > September 30 > 2019'],
      ['2.80%', 'International > September 30 > 2018'],
    ]);
    const domestic = t?.cells.find((c) => c.text === '4.00%');
    expect(domestic).toMatchObject({
      value: 4,
      unit: '%',
      scale: 0.01,
      rowPath: ['Discount rate'],
    });
    expect(cellsOf(t, 4)).toEqual([
      ['3.40%', 'International > September 30 > 2019'],
      ['3.70%', 'International > September 30 > 2018'],
    ]);
  });

  it('FinanceMath validation-198: NOI in Year 1 and Year 2, the only row filling them', () => {
    const { documents } = readDatasetFile(
      'docmath',
      dataPath('datasets', 'financemath', 'validation.json'),
    );
    const t = documents.find((d) => d.externalId === 'validation-198')?.tables[0];
    expect(t?.rows.find((r) => r.sourceRow === 1)?.path).toEqual(['NOI']);
    expect(cellsOf(t, 1).slice(0, 2)).toEqual([
      ['$2,775,840', 'Year 1'],
      ['$2,859,119', 'Year 2'],
    ]);
  });

  it('leaves a column of useful lives, named unlike the year columns, in the row labels', () => {
    const { documents } = readDatasetFile(
      'tatqa',
      dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json'),
    );
    const t = documents.find((d) =>
      d.tables[0]?.rows.some((r) => r.label.startsWith('Computer equipment and software')),
    )?.tables[0];
    expect(t?.cells.some((c) => c.text === '3-5')).toBe(false);
  });
});
