import { useEffect, useMemo } from 'react';
import type { Document } from '../../../shared/document';
import type { StoredQuestion } from '../../../shared/datasets/stored-question';
import { scrollToTarget } from '../../components/evidence/scroll-to-target';
import { documentStore } from '../../stores/document';
import { questionStore } from '../../stores/questions';
import { goldMarks, goldTableIds } from '../document/gold-marks';
import { targetTableId } from './evidence-label';

/**
 * The question's gold evidence in its document: the marks drawn, the table and page to show
 * (the piece the user went to, else the first), and `goEvidence`, which goes to one piece.
 * Once the document shows, the first piece is brought into view.
 */
export function useGoldFocus(
  question: StoredQuestion | undefined,
  activeEvidence: number | undefined,
  model: Document | undefined,
  /** Called as the user goes to a piece of gold evidence (the Ask panel's place is left). */
  onGo: () => void,
) {
  const targets = useMemo(() => question?.evidence.map((e) => e.target) ?? [], [question]);
  const active = activeEvidence === undefined ? undefined : targets[activeEvidence];
  const gold = useMemo(() => goldMarks(targets, active), [targets, active]);
  const firstTarget = targets.find((t) => t !== null) ?? undefined;
  const focusTable = (active && targetTableId(active)) ?? [...goldTableIds(gold)][0];
  const focusPage = (active?.type === 'page' ? active.page : undefined) ?? [...gold.pages][0];

  // Once the document shows, bring the first piece of gold evidence into view.
  useEffect(() => {
    if (model && firstTarget) scrollToTarget(firstTarget);
  }, [model, firstTarget]);

  const goEvidence = (i: number) => {
    const t = targets[i];
    if (!t) return;
    onGo();
    questionStore.getState().setActiveEvidence(i);
    if (t.type === 'cell')
      documentStore.getState().select({
        tableId: t.tableId,
        sourceRow: t.sourceRow,
        sourceCol: t.sourceCol,
      });
    requestAnimationFrame(() => scrollToTarget(t));
  };
  return { gold, focusTable, focusPage, goEvidence };
}
