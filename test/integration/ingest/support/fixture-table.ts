import { ingestSecHtml } from '../../../../main/ingest/sec-html/ingest-sec-html';
import type { Document, Table } from '../../../../shared/document';

/**
 * Small SEC-style HTML tables written in a test, read by the SEC reader: the cells, the rows
 * and a caption paragraph before the table, as filings lay them out.
 */
export const td = (text: string, colspan = 1) => `<td colspan="${colspan}">${text}</td>`;
export const tr = (...cells: string[]) => `<tr>${cells.join('')}</tr>`;
/** A table, after a paragraph holding its caption when there is one. */
export const table = (caption: string | null, rows: string[]) =>
  `${caption === null ? '' : `<p>${caption}</p>`}<table>${rows.join('')}</table>`;

/** The SEC reader's Document of an HTML body. */
export function ingestBody(body: string): Document {
  const html = `<html><body>${body}</body></html>`;
  return ingestSecHtml(html, { name: 'fixture.htm', bytes: html.length });
}

/** The last data table the reader found in the body. */
export function lastTable(body: string): Table {
  const t = ingestBody(body).tables.at(-1);
  if (t === undefined) throw new Error('no data table');
  return t;
}

/** The cell read from the source table's row and column. */
export const cellAt = (t: Table, row: number, col: number) =>
  t.cells.find((c) => c.sourceRow === row && c.sourceCol === col);
