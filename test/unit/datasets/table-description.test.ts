import { describe, expect, it } from 'vitest';
import {
  checkDescription,
  describedHeaderWords,
  parseTableDescription,
  sameShownValue,
  stripPandasArtefacts,
  type DescriptionVerdict,
} from '../../../shared/datasets';
import type { Table } from '../../../shared/document';

const table = (text: string, rowPath: string[], colPath: string[]): Table => ({
  id: 't0',
  sourceIndex: 0,
  caption: '',
  scaleNote: '(in millions)',
  location: { kind: 'dataset', pointer: '/0/tables/0' },
  rowCount: 3,
  colCount: 2,
  columnHeaders: [],
  rowHeaders: [],
  rows: [{ sourceRow: 2, kind: 'data', label: rowPath.at(-1) ?? '', level: 0, path: rowPath }],
  cells: [
    {
      sourceRow: 2,
      sourceCol: 1,
      text,
      kind: 'number',
      value: 1,
      scale: 1e6,
      unit: 'USD',
      rowPath,
      colPath,
    },
  ],
});

describe('MultiHiertt table descriptions', () => {
  it('parses key and sentence', () => {
    expect(
      parseTableDescription(
        '0-2-1',
        'Table 0 shows Group retirement products of Total Revenues is 2275 .',
      ),
    ).toEqual({
      key: '0-2-1',
      table: 0,
      row: 2,
      col: 1,
      header: 'Group retirement products of Total Revenues',
      value: '2275',
    });
    expect(parseTableDescription('0-2', 'Table 0 shows x is 1 .')).toBeNull();
  });

  it('strips pandas artefacts but keeps decimals', () => {
    expect(wordsOf('Estimated Fair Value.1')).toEqual(['estimated', 'fair', 'value']);
    expect(wordsOf('As of December 2018.1')).toEqual(['as', 'of', 'december', '2018']);
    expect(wordsOf('data 4 [EMPTY].1')).toEqual([]);
    expect(wordsOf('Series 4.3 $65.1')).toEqual(['series', '4', '3', '65', '1']);
  });

  it('treats a single "of" as the template connector', () => {
    expect(describedHeaderWords('Revenues of 2019')).toEqual(['revenues', '2019']);
    expect(describedHeaderWords('Cost of sales of 2019')).toEqual([
      'cost',
      'of',
      'sales',
      'of',
      '2019',
    ]);
  });

  it('compares shown values across dropped separators and accounting negatives', () => {
    expect(sameShownValue('2275', '2,275')).toBe(true);
    expect(sameShownValue('$-451', '$-451')).toBe(true);
    expect(sameShownValue('-1', '(1)')).toBe(true);
    expect(sameShownValue('14%', '14')).toBe(false);
  });

  it('checks value and header words, with the scale note counting as header text', () => {
    const t = table('$2,275', ['2007', 'Group retirement products'], ['Total Revenues']);
    const ok = parseTableDescription(
      '0-2-1',
      'Table 0 shows Group retirement products of Total Revenues (in millions) is 2275 .',
    );
    expect(checkDescription(ok!, t)).toEqual({ ok: true });
    const wrongValue = parseTableDescription(
      '0-2-1',
      'Table 0 shows Group retirement products of Total Revenues is 2276 .',
    );
    expect(reasonOf(checkDescription(wrongValue!, t))).toMatch(/value/);
    const missing = parseTableDescription(
      '0-2-1',
      'Table 0 shows Individual annuities of Total Revenues is 2275 .',
    );
    expect(reasonOf(checkDescription(missing!, t))).toMatch(/individual, annuities/);
  });

  it('reads "nan" as an empty cell or one pandas reads as missing', () => {
    const t = table('N/A', ['Impact'], ['2010']);
    expect(
      checkDescription(parseTableDescription('0-2-1', 'Table 0 shows Impact of 2010 is nan .')!, t),
    ).toEqual({ ok: true });
    expect(
      checkDescription(parseTableDescription('0-2-0', 'Table 0 shows Impact is nan .')!, t),
    ).toEqual({ ok: true });
  });
});

const reasonOf = (v: DescriptionVerdict) => (v.ok ? 'ok' : v.reason);

function wordsOf(header: string): string[] {
  return stripPandasArtefacts(header)
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}
