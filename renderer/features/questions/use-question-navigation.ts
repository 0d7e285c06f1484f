import { useMemo } from 'react';
import { documentStore } from '../../stores/document';
import { navigationStore } from '../../stores/navigation';
import { questionStore, useDatasetQuestions } from '../../stores/questions';
import {
  filterQuestions,
  neighbours,
  type Neighbours,
} from '../../stores/questions/filter-questions';
import { useQuestionKeys, type QuestionKeys } from './use-question-keys';

/** Opens a question (none: stays). */
export const goToQuestion = (to: number | undefined) => {
  if (to !== undefined) navigationStore.getState().go({ screen: 'question', id: to });
};

/**
 * The question's place in its dataset's list, in the order and with the filter of the question
 * list screen (the whole list when the filter leaves it out): previous, next, index and total.
 */
export function useQuestionNeighbours(id: number, datasetId: number | undefined) {
  const listIds = useDatasetQuestions((s) => {
    if (datasetId === undefined || s.datasetId !== datasetId) return undefined;
    return s.questions;
  });
  const filter = useDatasetQuestions((s) => s.filter);
  return useMemo(() => {
    if (!listIds) return undefined;
    const filtered = filterQuestions(listIds, filter).map((q) => q.id);
    return filtered.includes(id)
      ? neighbours(filtered, id)
      : neighbours(
          listIds.map((q) => q.id),
          id,
        );
  }, [listIds, filter, id]);
}

/** The question screen's keys (see useQuestionKeys), stepping to `near`'s neighbours. */
export function useQuestionScreenKeys(near: Neighbours | undefined): void {
  const keys = useMemo<QuestionKeys>(
    () => ({
      ...(near?.previous !== undefined ? { previous: () => goToQuestion(near.previous) } : {}),
      ...(near?.next !== undefined ? { next: () => goToQuestion(near.next) } : {}),
      toggleGold: () => questionStore.getState().toggleGold(),
      toggleMark: () => {
        const d = documentStore.getState();
        if (d.selected) void d.toggleEvidence({ type: 'cell', ...d.selected });
      },
      clearSelection: () => documentStore.getState().select(undefined),
    }),
    [near],
  );
  useQuestionKeys(keys);
}
