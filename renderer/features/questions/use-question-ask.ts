import { useMemo, useState } from 'react';
import type { Document } from '../../../shared/document';
import type { EvidenceTarget } from '../../../shared/document/evidence';
import { goToTarget } from '../../components/evidence/go-to-target';
import { readMarks } from '../../components/evidence/read-marks';
import { useAsk } from '../../stores/ask';
import { documentStore } from '../../stores/document';

/**
 * The Ask panel on the question screen: the cells its shown answer read, and the table or page
 * it went to (`focus`, until the user goes to a piece of gold evidence again: `clearFocus`).
 */
export function useQuestionAsk(model: Document | undefined) {
  const asked = useAsk((s) => s.shown);
  const readCells = useMemo(() => readMarks(asked, model).cells, [asked, model]);
  const [focus, setFocus] = useState<{ tableId?: string; page?: number | undefined }>();
  const goTo = (t: EvidenceTarget, page?: number) => {
    if (t.type === 'cell')
      documentStore
        .getState()
        .select({ tableId: t.tableId, sourceRow: t.sourceRow, sourceCol: t.sourceCol });
    const tableId =
      t.type === 'cell' || t.type === 'row' || t.type === 'table' ? t.tableId : undefined;
    setFocus({
      ...(tableId ? { tableId } : {}),
      ...(page !== undefined
        ? { page }
        : tableId
          ? { page: model?.tables.find((x) => x.id === tableId)?.page }
          : {}),
    });
    goToTarget(t);
  };
  return { readCells, focus, clearFocus: () => setFocus(undefined), goTo };
}
