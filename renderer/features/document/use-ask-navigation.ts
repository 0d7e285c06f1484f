import { useMemo, useState } from 'react';
import type { Document } from '../../../shared/document';
import type { EvidenceTarget } from '../../../shared/document/evidence';
import { goToTarget } from '../../components/evidence/go-to-target';
import { readMarks } from '../../components/evidence/read-marks';
import { useAsk } from '../../stores/ask';
import { documentStore } from '../../stores/document';
import { revealDocument } from './DocumentBody';

/** The route's table for a target the Ask panel goes to: its own table, else the route's. */
const tableOf = (t: EvidenceTarget, routeTable: string | undefined) =>
  t.type === 'cell' || t.type === 'row' || t.type === 'table' ? t.tableId : routeTable;

/**
 * What the Ask panel shows in the document: the cells its shown answer read, the PDF page it
 * went to, and `goTo`, which brings one of its targets into view.
 */
export function useAskNavigation(
  id: number,
  model: Document | undefined,
  tableId: string | undefined,
  goToTable: (tableId: string) => void,
) {
  const asked = useAsk((s) => s.shown);
  const readCells = useMemo(() => readMarks(asked, model, id).cells, [asked, model, id]);
  // A page the panel went to holds while the route's table is the one it was set with.
  const [askPage, setAskPage] = useState<{ page: number; tableId?: string }>();

  const goTo = (t: EvidenceTarget, page?: number) => {
    const routeTable = tableOf(t, tableId);
    setAskPage(
      page === undefined ? undefined : { page, ...(routeTable ? { tableId: routeTable } : {}) },
    );
    if (t.type === 'cell')
      documentStore
        .getState()
        .select({ tableId: t.tableId, sourceRow: t.sourceRow, sourceCol: t.sourceCol });
    if (t.type === 'cell' || t.type === 'row' || t.type === 'table') goToTable(t.tableId);
    // A paragraph may be in the part of the document not drawn yet.
    else revealDocument();
    goToTarget(t);
  };

  return {
    readCells,
    pdfPage: askPage?.tableId === tableId ? askPage?.page : undefined,
    goTo,
  };
}
