import { describe, expect, it } from 'vitest';
import type { Document } from '../../../shared/model';
import { outlineEntries } from '../../../renderer/features/document/outline-entries';

const loc = { kind: 'html' as const, path: '/html[1]' };
const heading = (id: string, text: string, level = 3) => ({
  type: 'heading' as const,
  id,
  level,
  text,
  location: loc,
});
const para = (id: string, text: string) => ({
  type: 'paragraph' as const,
  id,
  text,
  location: loc,
});
const tableBlock = (id: string) => ({ type: 'table' as const, id, location: loc });
const table = (id: string, caption: string, page?: number) => ({
  id,
  sourceIndex: 0,
  caption,
  scaleNote: '',
  location: loc,
  rowCount: 0,
  colCount: 0,
  columnHeaders: [],
  rows: [],
  cells: [],
  ...(page !== undefined ? { page } : {}),
});

const model = (blocks: unknown[], tables: unknown[]) => ({ blocks, tables }) as unknown as Document;

describe('outline entries', () => {
  it('leaves out headings that only repeat the title of the table below them', () => {
    const m = model(
      [
        heading('h1', 'Item 8. Financial Statements', 2),
        heading('h2', 'NVIDIA Corporation and Subsidiaries'),
        heading('h3', 'Consolidated Statements of Income'),
        heading('h4', '(In millions, except per share data)'),
        tableBlock('t21'),
        para('p1', 'See accompanying notes.'),
      ],
      [
        table(
          't21',
          'NVIDIA Corporation and Subsidiaries Consolidated Statements of Income (In millions, except per share data)',
        ),
      ],
    );
    expect(outlineEntries(m).map((e) => [e.kind, e.text])).toEqual([
      ['heading', 'Item 8. Financial Statements'],
      [
        'table',
        'NVIDIA Corporation and Subsidiaries Consolidated Statements of Income (In millions, except per share data)',
      ],
    ]);
  });

  it('keeps a heading over unrelated content, drops a repeated one, names untitled tables', () => {
    const m = model(
      [
        heading('h1', 'Income Taxes'),
        para('p1', 'text'),
        heading('h2', 'INCOME TAXES'),
        tableBlock('p3-t0'),
        tableBlock('t2'),
      ],
      [table('p3-t0', '', 3), table('t2', ' ')],
    );
    expect(outlineEntries(m).map((e) => e.text)).toEqual([
      'Income Taxes',
      'Table on page 3',
      'Table 2',
    ]);
  });
});
