import type { RawCell, RawTable } from '../../table/raw-types';

/*
 * Dataset tables arrive as string grids (TAT-QA, FinQA, markdown) or as bare HTML (MultiHiertt).
 * Both become the SEC parser's RawTable so the same grid layout and symbol merging apply;
 * datasets carry no styling, so bold and indentation are always zero.
 */

export function rawCell(text: string, colspan = 1, rowspan = 1): RawCell {
  return {
    text,
    colspan,
    rowspan,
    isTh: false,
    chars: text.replace(/\s/g, '').length,
    boldChars: 0,
    indentPt: 0,
    facts: [],
  };
}

/** A rectangular or ragged string grid, one RawCell per string. */
export function rawTableFromRows(
  rows: readonly (readonly string[])[],
  sourceIndex: number,
): RawTable {
  return {
    type: 'table',
    sourceIndex,
    path: '',
    hidden: false,
    rows: rows.map((cells) => ({ cells: cells.map((t) => rawCell(t)) })),
  };
}
