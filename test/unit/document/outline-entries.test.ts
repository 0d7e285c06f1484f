import { describe, expect, it } from 'vitest';
import type { Document } from '../../../shared/document';
import {
  outlineEntries,
  pdfCaptionTitle,
} from '../../../renderer/features/document/outline-entries';
import { compact } from '../../../shared/util/compact';

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
  ...compact({ page }),
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

describe('outline names of PDF tables', () => {
  const pdfLoc = { kind: 'pdf' as const, page: 1, box: { x: 0, y: 0, width: 1, height: 1 } };
  const header = (text: string) => ({ text, sourceRow: 0, firstCol: 1, lastCol: 1, children: [] });
  const pdfTable = (
    id: string,
    page: number,
    caption: string,
    labels: string[],
    headers: string[] = ['2016', '2015'],
  ) => ({
    id,
    sourceIndex: 0,
    page,
    caption,
    scaleNote: '',
    location: { ...pdfLoc, page },
    rowCount: labels.length + 1,
    colCount: 3,
    columnHeaders: headers.map(header),
    rows: [
      { sourceRow: 0, kind: 'header', label: '', level: 0 },
      ...labels.map((label, i) => ({ sourceRow: i + 1, kind: 'data', label, level: 0 })),
    ],
    cells: [],
  });
  const names = (tables: ReturnType<typeof pdfTable>[], blocks: unknown[] = []) =>
    outlineEntries(
      model(
        [...blocks, ...tables.map((t) => ({ type: 'table', id: t.id, location: t.location }))],
        tables,
      ),
    )
      .filter((e) => e.kind === 'table')
      .map((e) => e.text);

  it('takes the caption or the first row label, with the page', () => {
    expect(
      names([
        pdfTable('p62-t0', 62, 'ADOBE SYSTEMS INCORPORATED CONSOLIDATED STATEMENTS OF INCOME', [
          'Revenue',
          'Subscription',
        ]),
        pdfTable('p44-t0', 44, '', ['Digital Media', 'Percentage of total revenue']),
        pdfTable('p51-t0', 51, 'Non-Operating Income (Expense), Net', ['Interest']),
        pdfTable('p59-t1', 59, '', []),
      ]),
    ).toEqual([
      'Consolidated Statements of Income — p. 62',
      'Digital Media … — p. 44',
      'Non-Operating Income (Expense), Net — p. 51',
      'Table on page 59',
    ]);
  });

  it('distinguishes tables that would read the same', () => {
    expect(
      names([
        pdfTable('p44-t0', 44, '', ['Revenue']),
        pdfTable('p44-t1', 44, '', ['Revenue']),
        pdfTable('p44-t2', 44, '', ['Revenue']),
        pdfTable('p45-t0', 45, '', ['Revenue']),
        pdfTable('p46-t0', 46, '', []),
        pdfTable('p46-t1', 46, '', []),
      ]),
    ).toEqual([
      'Revenue … — p. 44',
      'Revenue … — p. 44 (2)',
      'Revenue … — p. 44 (3)',
      'Revenue … — p. 45',
      'Table on page 46',
      'Table on page 46 (2)',
    ]);
  });

  it('does not take a sentence tail, a header line or a header word for a title', () => {
    expect(
      names([
        pdfTable('p81-t0', 81, '2015 were as follows', ['Derivatives designated as hedging']),
        pdfTable('p57-t0', 57, 'Yen):', ['Euro']),
        pdfTable('p64-t0', 64, 'Shares Amount Capital Earnings Shares Amount Total Income (Loss)', [
          'Balances at November 29, 2013',
        ]),
        pdfTable(
          'p35-t0',
          35,
          'Total',
          ['Beginning repurchase authority'],
          ['Total Number of Shares Repurchased'],
        ),
        pdfTable('p59-t0', 59, '', [
          'maturities, to show the approximate exposure to interest rates',
          'Due within one year',
        ]),
        pdfTable('p90-t0', 90, '', [
          'Restricted stock units granted to existing directors and officers',
        ]),
      ]),
    ).toEqual([
      'Derivatives designated as hedging … — p. 81',
      'Euro … — p. 57',
      'Balances at November 29, 2013 … — p. 64',
      'Beginning repurchase authority … — p. 35',
      'Due within one year … — p. 59',
      'Restricted stock units granted to … — p. 90',
    ]);
  });

  it('leaves out a heading the table carries even with a scale statement between them', () => {
    const t = pdfTable('p63-t0', 63, 'ACME CORPORATION CONSOLIDATED BALANCE SHEETS', ['Assets']);
    const blocks = [
      heading('h1', 'ACME CORPORATION CONSOLIDATED BALANCE SHEETS'),
      para('p1', '(In thousands, except par value)'),
    ];
    expect(
      outlineEntries(
        model([...blocks, { type: 'table', id: t.id, location: t.location }], [t]),
      ).map((e) => e.text),
    ).toEqual(['Consolidated Balance Sheets — p. 63']);
    // A parenthesised heading is no section of its own.
    const u = pdfTable('p64-t0', 64, '', ['Balances at November 29, 2013']);
    expect(
      outlineEntries(
        model(
          [
            heading('h2', 'Consolidated Statements of Stockholders’ Equity'),
            heading('h3', '(In thousands)'),
            { type: 'table', id: u.id, location: u.location },
          ],
          [u],
        ),
      ).map((e) => e.text),
    ).toEqual([
      'Consolidated Statements of Stockholders’ Equity',
      'Balances at November 29, 2013 … — p. 64',
    ]);
  });

  it('writes an all-capitals title in title case and keeps acronyms', () => {
    expect(
      pdfCaptionTitle({
        caption: 'SELECTED FINANCIAL DATA OF THE SEC REGISTRANT',
        columnHeaders: [],
      }),
    ).toBe('Selected Financial Data of the SEC Registrant');
    expect(pdfCaptionTitle({ caption: 'NET INCOME PER SHARE', columnHeaders: [] })).toBe(
      'Net Income per Share',
    );
    expect(pdfCaptionTitle({ caption: 'Key Financials', columnHeaders: [] })).toBe(
      'Key Financials',
    );
  });
});
