import { describe, expect, it } from 'vitest';
import type { Document } from '../../../shared/document';
import { describeTarget, targetTableId } from '../../../renderer/features/questions/evidence-label';
import { missingDocumentText } from '../../../renderer/features/questions/missing-document';
import type { DatasetSummary } from '../../../shared/datasets/stored-question';

const model = {
  blocks: [
    { type: 'paragraph', id: 'p0', text: 'Revenue grew by 12% on higher volumes.' },
    { type: 'table', id: 't0' },
  ],
  tables: [
    {
      id: 't0',
      sourceIndex: 0,
      caption: 'Segment results',
      rows: [
        { sourceRow: 2, kind: 'data', label: 'Services', level: 1, path: ['2019', 'Services'] },
      ],
      cells: [
        {
          sourceRow: 2,
          sourceCol: 3,
          text: '1,234',
          value: 1234,
          scale: 1e6,
          rowPath: ['2019', 'Services'],
          colPath: ['Total revenues'],
        },
      ],
    },
  ],
} as unknown as Document;

describe('describeTarget', () => {
  it('says what each kind of target resolved to in the document', () => {
    expect(describeTarget({ type: 'paragraph', blockId: 'p0' }, model)).toBe(
      'paragraph: “Revenue grew by 12% on higher volumes.”',
    );
    expect(describeTarget({ type: 'table', tableId: 't0' }, model)).toBe(
      'table Segment results (whole table)',
    );
    expect(describeTarget({ type: 'row', tableId: 't0', sourceRow: 2 }, model)).toBe(
      'row “2019 › Services” of table Segment results',
    );
    expect(describeTarget({ type: 'cell', tableId: 't0', sourceRow: 2, sourceCol: 3 }, model)).toBe(
      '2019 › Services | Total revenues = 1,234',
    );
    expect(describeTarget({ type: 'page', page: 12 }, model)).toBe('page 12');
  });

  it('names targets by id without the document, and says when they are not in it', () => {
    expect(describeTarget({ type: 'paragraph', blockId: 'p0' }, undefined)).toBe('paragraph p0');
    expect(describeTarget({ type: 'paragraph', blockId: 'p9' }, model)).toBe(
      'paragraph p9 (not in this document)',
    );
    expect(describeTarget({ type: 'cell', tableId: 't0', sourceRow: 5, sourceCol: 1 }, model)).toBe(
      'cell at row 5, column 1 of table Segment results',
    );
    expect(describeTarget({ type: 'table', tableId: 't7' }, model)).toBe('table t7 (whole table)');
  });

  it('knows which table a target is in', () => {
    expect(targetTableId({ type: 'row', tableId: 't3', sourceRow: 1 })).toBe('t3');
    expect(targetTableId({ type: 'page', page: 1 })).toBeUndefined();
  });
});

describe('missingDocumentText', () => {
  const ds = (format: DatasetSummary['format']): DatasetSummary => ({
    id: 1,
    name: 'financebench_open_source.jsonl',
    format,
    sourceDocumentId: 2,
    importedAt: '2025-01-01T00:00:00.000Z',
    documentCount: 1,
    questionCount: 1,
  });
  it('names the PDF file of a PDF-backed dataset', () => {
    expect(missingDocumentText(ds('financebench'), '3M_2018_10K')).toMatch(
      /^3M_2018_10K\.pdf is not in the library .*financebench_open_source\.jsonl/,
    );
  });
  it('names the record otherwise', () => {
    expect(missingDocumentText(ds('tatqa'), 'abc')).toMatch(/^Document abc of /);
  });
});
