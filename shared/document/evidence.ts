import { z } from 'zod';

/**
 * What a piece of evidence points at in a document. One shape for the three kinds of evidence
 * the workbench keeps: what a user marks, what a dataset says its answer comes from (gold), and
 * (later) the cells a program read. Rows and cells are addressed by their source row/column in
 * the table (stable for a given parse), pages are 1-based.
 */
export const EvidenceTarget = z.discriminatedUnion('type', [
  /** A text block (paragraph or heading). */
  z.object({ type: z.literal('paragraph'), blockId: z.string().min(1) }),
  z.object({ type: z.literal('table'), tableId: z.string().min(1) }),
  z.object({
    type: z.literal('row'),
    tableId: z.string().min(1),
    sourceRow: z.number().int().nonnegative(),
  }),
  z.object({
    type: z.literal('cell'),
    tableId: z.string().min(1),
    sourceRow: z.number().int().nonnegative(),
    sourceCol: z.number().int().nonnegative(),
  }),
  z.object({ type: z.literal('page'), page: z.number().int().positive() }),
]);
export type EvidenceTarget = z.infer<typeof EvidenceTarget>;

/** What a user can mark by hand in the document view: a paragraph or one cell. */
export const MarkTarget = z.discriminatedUnion('type', [
  EvidenceTarget.options[0],
  EvidenceTarget.options[3],
]);
export type MarkTarget = z.infer<typeof MarkTarget>;

export const EvidenceMark = z.object({
  id: z.number().int(),
  documentId: z.number().int(),
  target: MarkTarget,
  createdAt: z.string(),
});
export type EvidenceMark = z.infer<typeof EvidenceMark>;

/** The key is in a zod-free file, so the document view can import it without the schemas. */
export { evidenceKey } from './evidence-key';

/**
 * Whether `target` covers the cell (tableId, sourceRow, sourceCol): the cell itself, its row or
 * its whole table. Used to highlight gold evidence in the grid.
 */
export function coversCell(
  target: EvidenceTarget,
  tableId: string,
  sourceRow: number,
  sourceCol: number,
): boolean {
  switch (target.type) {
    case 'table':
      return target.tableId === tableId;
    case 'row':
      return target.tableId === tableId && target.sourceRow === sourceRow;
    case 'cell':
      return (
        target.tableId === tableId &&
        target.sourceRow === sourceRow &&
        target.sourceCol === sourceCol
      );
    default:
      return false;
  }
}
