import { Parser } from 'htmlparser2';
import type { RawRow, RawTable } from '../../table/raw-types';
import { rawCell } from './raw-grid';

/** Spans beyond this are malformed; clamp so the grid stays small (as the SEC walker does). */
const maxSpan = 1000;
const cellAttributes = new Set([
  'colspan',
  'rowspan',
  'align',
  'valign',
  'style',
  'class',
  'width',
]);

const span = (v: string | undefined) => {
  const n = Number.parseInt(v ?? '1', 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(n, maxSpan) : 1;
};

/**
 * Reads one dataset HTML table (`<table><tr><td colspan>…`) into rows of cells. Footnote
 * markers in `<sup>` are left out, as the SEC walker does. Some MultiHiertt cells lost their
 * text into the start tag (`<td colspan="2" rowspan="2"Change 2017 vs. 2016>`): an HTML parser
 * reads those words as attribute names, so an otherwise empty cell takes them back as its text.
 */
export function readHtmlTable(html: string, sourceIndex: number): RawTable {
  const rows: RawRow[] = [];
  let row: RawRow | null = null;
  let cell: { text: string; colspan: number; rowspan: number; stray: string } | null = null;
  let supDepth = 0;
  // Attribute names in source order (an attribs object would put "2017" before "Change").
  let attributeNames: string[] = [];
  const endCell = () => {
    if (cell && row) {
      const text = cell.text.trim() === '' ? cell.stray : cell.text;
      row.cells.push(rawCell(text, cell.colspan, cell.rowspan));
    }
    cell = null;
  };
  const endRow = () => {
    endCell();
    if (row) rows.push(row);
    row = null;
  };
  const parser = new Parser(
    {
      onopentagname() {
        attributeNames = [];
      },
      onattribute(name) {
        attributeNames.push(name);
      },
      onopentag(name, attribs) {
        if (name === 'tr') {
          endRow();
          row = { cells: [] };
        } else if (name === 'td' || name === 'th') {
          endCell();
          row ??= { cells: [] };
          const stray = attributeNames
            .filter((a) => !cellAttributes.has(a.toLowerCase()) && !a.includes('"'))
            .join(' ');
          cell = {
            text: '',
            colspan: span(attribs.colspan),
            rowspan: span(attribs.rowspan),
            stray,
          };
        } else if (name === 'sup') supDepth++;
        else if (name === 'br' && cell) cell.text += ' ';
      },
      ontext(text) {
        if (cell && supDepth === 0) cell.text += text;
      },
      onclosetag(name) {
        if (name === 'sup') supDepth = Math.max(0, supDepth - 1);
        else if (name === 'td' || name === 'th') endCell();
        else if (name === 'tr') endRow();
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: false },
  );
  parser.write(html);
  parser.end();
  endRow();
  return { type: 'table', sourceIndex, path: '', hidden: false, rows };
}
