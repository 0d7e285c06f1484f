import type { AskResult } from '../../../shared/ask/ask';
import { locateId } from '../../../shared/ask/filing-id';
import type { EvidenceTarget } from '../../../shared/document/evidence';
import { gridToSource } from '../../../shared/document/grid-layout';
import type { Document } from '../../../shared/document';
import type { RetrievalHit } from '../../../shared/retrieval/hit';

/**
 * The cells an ask's program read, as the grid draws them. Reads and grounding literals name
 * cells by grid position (`cell(tableId, row, col)`, the sandbox trace's coordinates); the grid
 * and the evidence targets use source row/column, so positions are mapped through the same
 * layout the grid draws (shared/document/grid-layout.ts).
 */
export interface ReadMarks {
  /** "tableId:sourceRow:sourceCol" */
  cells: ReadonlySet<string>;
}

export const readKey = (tableId: string, sourceRow: number, sourceCol: number) =>
  `${tableId}:${sourceRow}:${sourceCol}`;

/**
 * Every cell the program read (and every grounding literal linked to a cell) in the document
 * in view: in an ask across filings (issue 27) only the reads of that filing (`documentId`),
 * their qualified table ids ("d12:t21") taken back to the document's own.
 */
export function readMarks(
  result: AskResult | undefined,
  model: Document | undefined,
  documentId?: number,
): ReadMarks {
  const cells = new Set<string>();
  if (!result || !model) return { cells };
  const at = gridToSource(model);
  const add = (tableId: string, row: number | null | undefined, col: number | null | undefined) => {
    const place = locateId(tableId, result.documentId);
    if (documentId !== undefined && place.documentId !== documentId) return;
    const t = at(place.localId, row, col);
    if (t) cells.add(readKey(t.tableId, t.sourceRow, t.sourceCol));
  };
  for (const r of result.reads) add(r.tableId, r.row, r.col);
  for (const l of result.grounding?.literals ?? [])
    if (l.source === 'cell' && l.tableId) add(l.tableId, l.row, l.col);
  return { cells };
}

/** Where a retrieval hit points in the document view. */
export function hitTarget(hit: RetrievalHit): EvidenceTarget {
  if (hit.kind === 'cell' && hit.sourceRow !== undefined && hit.sourceCol !== undefined)
    return {
      type: 'cell',
      tableId: hit.blockId,
      sourceRow: hit.sourceRow,
      sourceCol: hit.sourceCol,
    };
  if (hit.kind === 'row' && hit.sourceRow !== undefined)
    return { type: 'row', tableId: hit.blockId, sourceRow: hit.sourceRow };
  if (hit.kind === 'table' || hit.kind === 'cell' || hit.kind === 'row')
    return { type: 'table', tableId: hit.blockId };
  return { type: 'paragraph', blockId: hit.blockId };
}
