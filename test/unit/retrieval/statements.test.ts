import { describe, expect, it } from 'vitest';
import type { Document, Table, TableRow } from '../../../shared/document';
import {
  statementBlocks,
  statementsAsked,
  statementTables,
} from '../../../shared/retrieval/statements';
import { smallDocument } from './small-document';

/** The small document's table with the given row labels (a statement needs its rows). */
function withRows(labels: string[], caption: string, extraRows = 0): Document {
  const doc = smallDocument();
  const table = doc.tables[0]!;
  const rows: TableRow[] = [
    ...labels,
    ...Array.from({ length: extraRows }, (_, i) => `Line ${i}`),
  ].map((label, i) => ({ sourceRow: i + 2, kind: 'data', label, level: 0, path: [label] }));
  const changed: Table = { ...table, caption, rows };
  return { ...doc, tables: [changed] };
}

const INCOME = ['Net sales', 'Operating income', 'Net income', 'Earnings per share — diluted'];

describe('statementTables', () => {
  it('takes a table titled as a statement that has the statement’s rows', () => {
    expect(statementTables(withRows(INCOME, 'Consolidated Statements of Income'))).toEqual(
      new Map([['t1', ['income']]]),
    );
  });

  it('reads a title the PDF split inside words ("Balance Shee t")', () => {
    const doc = withRows(
      ['Total current assets', 'Total assets', 'Total current liabilities'],
      'Consolidated Balance Shee t At December 31',
    );
    expect(statementTables(doc).get('t1')).toEqual(['balance']);
  });

  it('does not take a short table that only discusses a statement, or only has its rows', () => {
    expect(statementTables(smallDocument()).size).toBe(0); // titled, but no net income line
    expect(statementTables(withRows(INCOME, 'Selected data')).size).toBe(0);
  });

  it('takes a long untitled table with the rows (a PDF whose title the reader missed)', () => {
    expect(statementTables(withRows(INCOME, '', 30)).get('t1')).toEqual(['income']);
  });

  it('finds the title in a short line above the table', () => {
    const doc = withRows(INCOME, '');
    doc.blocks.splice(3, 0, {
      type: 'paragraph',
      id: 'title',
      text: 'CONSOLIDATED STATEMENTS OF OPERATIONS',
      location: { kind: 'html', path: '/t' },
    });
    expect(statementTables(doc).get('t1')).toEqual(['income']);
  });
});

describe('statementsAsked', () => {
  it('reads named statements and line items read from them', () => {
    expect(statementsAsked('FY2018 capex? Use the cash flow statement.')).toEqual(
      new Set(['cashflow']),
    );
    expect(statementsAsked('What is the year end FY2018 net PPNE for 3M?')).toEqual(
      new Set(['balance']),
    );
    expect(statementsAsked('Does AMEX have an improving operating margin profile?')).toEqual(
      new Set(['income']),
    );
    expect(statementsAsked('Is 3M a capital-intensive business?')).toEqual(
      new Set(['balance', 'income', 'cashflow']),
    );
  });

  it('leaves adjusted and non-GAAP measures, and questions about other things, alone', () => {
    expect(statementsAsked("Is growth in JnJ's adjusted EPS expected to accelerate?").size).toBe(0);
    expect(statementsAsked('What is the FY2022 unadjusted EBITDA?')).toEqual(new Set(['income']));
    expect(statementsAsked('What industry does AMCOR primarily operate in?').size).toBe(0);
  });

  it('gives the ids of the tables to favour', () => {
    const doc = withRows(INCOME, 'Consolidated Statements of Income');
    expect(statementBlocks(doc, 'What was the operating margin?')).toEqual(new Set(['t1']));
    expect(statementBlocks(doc, 'What was the quick ratio?')).toEqual(new Set());
  });
});
