import { describe, expect, it } from 'vitest';
import {
  DatasetDocument,
  finqaEvidence,
  gridRefEvidence,
  parseFinqaInd,
  parseGridRef,
  zeroBasedPageEvidence,
} from '../../../shared/datasets';
import { documentSchemaVersion, type Table } from '../../../shared/document';

const table: Table = {
  id: 't0',
  sourceIndex: 0,
  caption: '',
  scaleNote: null,
  location: { kind: 'dataset', pointer: '/0/table' },
  rowCount: 2,
  colCount: 2,
  columnHeaders: [],
  rowHeaders: [],
  rows: [
    { sourceRow: 0, kind: 'header', label: '2019', level: 0, path: [] },
    { sourceRow: 1, kind: 'data', label: 'Revenue', level: 0, path: ['Revenue'] },
  ],
  cells: [
    {
      sourceRow: 1,
      sourceCol: 1,
      text: '10',
      kind: 'number',
      value: 10,
      scale: 1,
      unit: null,
      rowPath: ['Revenue'],
      colPath: ['2019'],
    },
  ],
};

const doc: DatasetDocument = DatasetDocument.parse({
  schemaVersion: documentSchemaVersion,
  externalId: 'doc-1',
  source: { name: 'x.json', kind: 'dataset', bytes: 10, format: 'finqa' },
  title: 'x',
  blocks: [
    {
      type: 'paragraph',
      id: 'p0',
      text: 'a',
      location: { kind: 'dataset', pointer: '/0/pre_text/0' },
    },
    { type: 'table', id: 't0', location: { kind: 'dataset', pointer: '/0/table' } },
  ],
  tables: [table],
  warnings: [],
});

describe('evidence references', () => {
  it('parses "t-r-c" and FinQA gold_inds keys', () => {
    expect(parseGridRef('0-2-4')).toEqual({ table: 0, row: 2, col: 4 });
    expect(parseGridRef('0-2')).toBeNull();
    expect(parseFinqaInd('table_3')).toEqual({ kind: 'table', index: 3 });
    expect(parseFinqaInd('text_12')).toEqual({ kind: 'text', index: 12 });
    expect(parseFinqaInd('row_1')).toBeNull();
  });

  it('maps FinQA rows and text lines onto the document, unresolved when they name nothing', () => {
    expect(finqaEvidence(doc, 'table_1')).toEqual({
      ref: 'table_1',
      target: { type: 'row', tableId: 't0', sourceRow: 1 },
    });
    expect(finqaEvidence(doc, 'text_0')).toEqual({
      ref: 'text_0',
      target: { type: 'paragraph', blockId: 'p0' },
    });
    expect(finqaEvidence(doc, 'text_9')).toMatchObject({
      target: null,
      reason: 'no block p9 in doc-1',
    });
    expect(finqaEvidence(doc, 'table_7')).toMatchObject({ target: null });
  });

  it('maps MultiHiertt cells by sourceRow/sourceCol', () => {
    expect(gridRefEvidence(doc, '0-1-1')).toEqual({
      ref: '0-1-1',
      target: { type: 'cell', tableId: 't0', sourceRow: 1, sourceCol: 1 },
    });
    expect(gridRefEvidence(doc, '0-0-1')).toMatchObject({ target: null });
    expect(gridRefEvidence(doc, '3-1-1')).toMatchObject({
      target: null,
      reason: 'no table t3 in doc-1',
    });
  });

  it('keeps a 0-based page as 1-based with a note', () => {
    expect(zeroBasedPageEvidence(11, 'evidence[0]', 'Capex')).toEqual({
      ref: 'evidence[0]',
      target: { type: 'page', page: 12 },
      text: 'Capex',
      note: 'dataset page 11 is 0-based; stored as 1-based page 12',
    });
  });
});
