import { useMemo } from 'react';
import type { Document } from '../../../shared/document';
import type { CellRef } from '../../stores/document/document-store';

/** The selected cell and its table, looked up in the model. */
export function useSelectedCell(model: Document | undefined, cellRef: CellRef | undefined) {
  return useMemo(() => {
    if (!model || !cellRef) return undefined;
    const table = model.tables.find((t) => t.id === cellRef.tableId);
    const cell = table?.cells.find(
      (c) => c.sourceRow === cellRef.sourceRow && c.sourceCol === cellRef.sourceCol,
    );
    return table && cell ? { table, cell } : undefined;
  }, [model, cellRef]);
}
