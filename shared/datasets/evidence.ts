import type { Cell, Table } from '../document';
import type { DatasetDocument } from './dataset-document';
import type { Evidence } from './question';

/*
 * Pure mapping of a dataset's evidence references onto our blocks, rows and cells. Every
 * reference yields one Evidence: when it names nothing in the document it becomes
 * `unresolved` with the reason, so a bad reference is visible instead of silently dropped.
 */

export const findTable = (doc: DatasetDocument, tableId: string): Table | undefined =>
  doc.tables.find((t) => t.id === tableId);

/** The cell whose number sits at grid position (row, col), if the table has one there. */
export const findCell = (table: Table, row: number, col: number): Cell | undefined =>
  table.cells.find((c) => c.sourceRow === row && c.sourceCol === col);

const unresolved = (ref: string, reason: string): Evidence => ({ ref, target: null, reason });

export function blockEvidence(doc: DatasetDocument, blockId: string, ref: string): Evidence {
  const block = doc.blocks.find((b) => b.id === blockId);
  if (!block) return unresolved(ref, `no block ${blockId} in ${doc.externalId}`);
  return block.type === 'table'
    ? { ref, target: { type: 'table', tableId: block.id } }
    : { ref, target: { type: 'paragraph', blockId } };
}

export function tableEvidence(doc: DatasetDocument, tableId: string, ref: string): Evidence {
  return findTable(doc, tableId)
    ? { ref, target: { type: 'table', tableId } }
    : unresolved(ref, `no table ${tableId} in ${doc.externalId}`);
}

export function rowEvidence(
  doc: DatasetDocument,
  tableId: string,
  sourceRow: number,
  ref: string,
): Evidence {
  const table = findTable(doc, tableId);
  if (!table) return unresolved(ref, `no table ${tableId} in ${doc.externalId}`);
  if (!table.rows.some((r) => r.sourceRow === sourceRow))
    return unresolved(ref, `table ${tableId} has no row ${sourceRow}`);
  return { ref, target: { type: 'row', tableId, sourceRow } };
}

export function cellEvidence(
  doc: DatasetDocument,
  tableId: string,
  sourceRow: number,
  sourceCol: number,
  ref: string,
): Evidence {
  const table = findTable(doc, tableId);
  if (!table) return unresolved(ref, `no table ${tableId} in ${doc.externalId}`);
  if (!findCell(table, sourceRow, sourceCol))
    return unresolved(
      ref,
      `table ${tableId} has no value cell at row ${sourceRow}, column ${sourceCol}`,
    );
  return { ref, target: { type: 'cell', tableId, sourceRow, sourceCol } };
}

/** MultiHiertt "t-r-c": table t, grid row r, grid column c (after colspan expansion). */
export function parseGridRef(ref: string): { table: number; row: number; col: number } | null {
  const m = /^(\d+)-(\d+)-(\d+)$/.exec(ref.trim());
  if (!m) return null;
  return { table: Number(m[1]), row: Number(m[2]), col: Number(m[3]) };
}

/** MultiHiertt evidence on our document (tables are "t" + index). */
export function gridRefEvidence(doc: DatasetDocument, ref: string): Evidence {
  const p = parseGridRef(ref);
  if (!p) return unresolved(ref, 'not a "table-row-column" reference');
  return cellEvidence(doc, `t${p.table}`, p.row, p.col, ref);
}

/** FinQA gold_inds keys: "table_3" is row 3 of the table, "text_5" the 6th line of pre_text + post_text. */
export function parseFinqaInd(ref: string): { kind: 'table' | 'text'; index: number } | null {
  const m = /^(table|text)_(\d+)$/.exec(ref.trim());
  if (!m) return null;
  return { kind: m[1] as 'table' | 'text', index: Number(m[2]) };
}

/** FinQA evidence on our document: its one table is "t0", text line k is block "p" + k. */
export function finqaEvidence(doc: DatasetDocument, ref: string): Evidence {
  const p = parseFinqaInd(ref);
  if (!p) return unresolved(ref, 'not a "table_k" or "text_k" reference');
  return p.kind === 'table'
    ? rowEvidence(doc, 't0', p.index, ref)
    : blockEvidence(doc, `p${p.index}`, ref);
}

/** A 0-based page number as datasets give it, kept as our 1-based page. */
export function zeroBasedPageEvidence(page0: number, ref: string, text?: string): Evidence {
  return {
    ref,
    target: { type: 'page', page: page0 + 1 },
    ...(text !== undefined && text !== '' ? { text } : {}),
    note: `dataset page ${page0} is 0-based; stored as 1-based page ${page0 + 1}`,
  };
}
