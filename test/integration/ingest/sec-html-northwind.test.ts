import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cellSentence, Document, type Cell, type Table } from '../../../shared/document';
import { ingestSecHtml } from '../../../main/ingest/sec-html/ingest-sec-html';

// The sample filing shipped in the repo (fictional company, numbers written by hand).
const path = join(
  __dirname,
  '..',
  '..',
  '..',
  'assets',
  'sample',
  'northwind-instruments-10-k-2025.html',
);
const html = readFileSync(path, 'utf8');
const doc = ingestSecHtml(html, {
  name: 'northwind-instruments-10-k-2025.html',
  bytes: html.length,
});

const byCaption = (word: string): Table => {
  const t = doc.tables.find((x) => x.caption.includes(word));
  if (!t) throw new Error(`no table captioned ${word}`);
  return t;
};

function cell(table: Table, rowPath: string[], colPath: string[]): Cell {
  const found = table.cells.find(
    (c) => c.rowPath.join('|') === rowPath.join('|') && c.colPath.join('|') === colPath.join('|'),
  );
  if (!found) throw new Error(`no cell ${rowPath.join(' > ')} / ${colPath.join(' > ')}`);
  return found;
}

describe('SEC HTML ingest on the Northwind sample 10-K', () => {
  const operations = byCaption('STATEMENTS OF OPERATIONS');
  const segments = byCaption('SEGMENT INFORMATION');
  const ratios = byCaption('SELECTED RATIOS');
  const years = (y: string) => ['Year Ended December 31', y];

  it('reports the three data tables and not the cover-page layout table', () => {
    expect(() => Document.parse(doc)).not.toThrow();
    expect(doc.tables.map((t) => t.sourceIndex)).toEqual([1, 2, 3]);
    const texts = doc.blocks.flatMap((b) => (b.type === 'paragraph' ? [b.text] : []));
    expect(texts).toContain('Delaware 86-0000000');
  });

  it('reads "in millions, except per share amounts" from the caption', () => {
    expect(operations.scaleNote).toBe('(in millions, except per share amounts)');
    expect(cell(operations, ['Revenue', 'Product'], years('2025'))).toMatchObject({
      value: 1104.9,
      scale: 1e6,
      unit: 'USD',
      text: '$1,104.9',
    });
  });

  it('reads Restructuring 2024 "—" as zero', () => {
    expect(cell(operations, ['Operating expenses', 'Restructuring'], years('2024'))).toMatchObject({
      kind: 'dash',
      value: 0,
      scale: 1e6,
    });
  });

  it('reads "(6.3)" as -6.3 in millions', () => {
    const c = cell(operations, ['Interest and other income (expense), net'], years('2025'));
    expect(c).toMatchObject({ value: -6.3, scale: 1e6, unit: 'USD' });
    expect(c.value! * c.scale).toBeCloseTo(-6_300_000);
  });

  it('gives EPS cells scale 1 and unit USD/share, and share counts the table scale', () => {
    expect(cell(operations, ['Net income per share', 'Diluted'], years('2025'))).toMatchObject({
      value: 2.43,
      scale: 1,
      unit: 'USD/share',
    });
    expect(
      cell(operations, ['Weighted-average shares outstanding', 'Basic'], years('2023')),
    ).toMatchObject({
      value: 67.1,
      scale: 1e6,
      unit: 'shares',
    });
  });

  it('closes sections at their totals and keeps them at the section level', () => {
    const rows = Object.fromEntries(operations.rows.map((r) => [r.label, r]));
    expect(rows['Total revenue']).toMatchObject({
      kind: 'total',
      path: ['Revenue', 'Total revenue'],
    });
    expect(rows['Gross profit']).toMatchObject({ kind: 'data', level: 0, path: ['Gross profit'] });
    expect(rows['Revenue']?.kind).toBe('section');
  });

  it('builds the segment table with two-level column headers and section row paths', () => {
    const c = cell(segments, ['Sensors', 'Product'], ['Revenue', '2025']);
    expect(c).toMatchObject({ value: 812.3, scale: 1e6, unit: 'USD', sourceRow: 3, sourceCol: 1 });
    expect(
      cell(segments, ['Metrology', 'Service'], ['Operating income (loss)', '2024']).value,
    ).toBe(-4.9);
    expect(cell(segments, ['Corporate and other'], ['Revenue', '2024'])).toMatchObject({
      kind: 'dash',
      value: 0,
    });
    expect(segments.columnHeaders.map((h) => [h.text, h.children.map((c) => c.text)])).toEqual([
      ['Revenue', ['2025', '2024']],
      ['Operating income (loss)', ['2025', '2024']],
    ]);
    expect(cellSentence(c)).toBe('Sensors > Product, Revenue, 2025 = 812.3 (USD millions)');
  });

  it('reads percentages as percent with scale 0.01', () => {
    expect(cell(ratios, ['Gross margin'], ['2024'])).toMatchObject({
      value: 39.8,
      scale: 0.01,
      unit: '%',
    });
  });

  it('gives "SELECTED RATIOS" no scale: the table above it states its own, under its own title', () => {
    const ratios = byCaption('SELECTED RATIOS');
    expect(ratios.scaleNote).toBeNull();
    expect(cell(ratios, ['Gross margin'], ['2025'])).toMatchObject({
      value: 41.2,
      scale: 0.01,
      unit: '%',
    });
  });
});
