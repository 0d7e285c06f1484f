import { describe, expect, it } from 'vitest';
import type { Cell, HeaderNode } from '../../../shared/document';
import { documentSchemaVersion } from '../../../shared/document/schema-version';
import { parseDocumentFast } from '../../../shared/document/document-parse.generated';
import {
  addFootnotes,
  cellKeysAfterFootnotes,
  headerKeysAfterFootnotes,
} from '../../../main/ingest/table/add-footnotes';

const cell = (): Cell => ({
  sourceRow: 1,
  sourceCol: 2,
  text: '$5',
  kind: 'number',
  value: 5,
  scale: 1e6,
  unit: 'USD',
  rowPath: ['Revenue'],
  colPath: ['2024'],
});

describe('addFootnotes', () => {
  it('puts a new footnotes key where the schema has it, before the keys behind it', () => {
    const c = cell();
    addFootnotes(c, ['1'], cellKeysAfterFootnotes);
    expect(Object.keys(c)).toEqual([
      'sourceRow',
      'sourceCol',
      'text',
      'kind',
      'value',
      'scale',
      'unit',
      'footnotes',
      'rowPath',
      'colPath',
    ]);
    expect(c).toMatchObject({ footnotes: ['1'], rowPath: ['Revenue'], colPath: ['2024'] });
  });

  it('adds to marks already there, in order', () => {
    const h: HeaderNode = { text: 'Q1', sourceRow: 0, firstCol: 1, lastCol: 1, children: [] };
    addFootnotes(h, ['a'], headerKeysAfterFootnotes);
    addFootnotes(h, ['b', 'c'], headerKeysAfterFootnotes);
    expect(h.footnotes).toEqual(['a', 'b', 'c']);
    expect(Object.keys(h)).toEqual([
      'text',
      'footnotes',
      'sourceRow',
      'firstCol',
      'lastCol',
      'children',
    ]);
  });

  it('keeps a Document holding such a cell checkable in place', () => {
    const c = cell();
    addFootnotes(c, ['2'], cellKeysAfterFootnotes);
    const doc = {
      schemaVersion: documentSchemaVersion,
      source: { name: 'x.htm', kind: 'sec-html', bytes: 1 },
      title: 'x',
      blocks: [],
      tables: [
        {
          id: 't0',
          sourceIndex: 0,
          caption: '',
          scaleNote: null,
          location: { kind: 'html', path: '/table[1]' },
          rowCount: 2,
          colCount: 3,
          columnHeaders: [],
          rowHeaders: [],
          rows: [],
          cells: [c],
        },
      ],
      warnings: [],
    };
    expect(parseDocumentFast(doc)).toBe(doc);
  });
});
