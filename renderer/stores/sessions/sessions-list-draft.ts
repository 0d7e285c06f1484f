import type { SessionsListAccess, SessionsListState } from './sessions-list-state';

/**
 * The session builder's form: typed fields, or filled from another expert's session (the same
 * questions) or from a question set; either choice drops the other.
 */
export function sessionsListDraft({
  get,
  set,
}: SessionsListAccess): Pick<
  SessionsListState,
  'setDraft' | 'sameQuestionsAs' | 'fromQuestionSet'
> {
  return {
    setDraft: (patch) => set({ draft: { ...get().draft, ...patch }, createError: undefined }),
    sameQuestionsAs(sessionId) {
      const from = get().sessions.find((x) => x.id === sessionId);
      const { sameQuestionsAs: _drop, questionSetId: _set, ...draft } = get().draft;
      set({
        createError: undefined,
        draft: from
          ? {
              ...draft,
              sameQuestionsAs: from.id,
              datasetId: from.datasetId ?? draft.datasetId,
              questions: String(from.questionIds.length),
              totalMinutes: String(from.budgetSeconds / 60),
              perQuestionMinutes:
                from.perQuestionCapSeconds === null ? '' : String(from.perQuestionCapSeconds / 60),
              instructions: from.instructions,
              expert: '',
            }
          : draft,
      });
    },
    fromQuestionSet(questionSet) {
      const { sameQuestionsAs: _drop, questionSetId: _set, ...draft } = get().draft;
      set({
        createError: undefined,
        draft: questionSet
          ? {
              ...draft,
              questionSetId: questionSet.id,
              datasetId: questionSet.datasetId,
              questions: String(questionSet.questionIds.length),
              // What the set was balanced by (the field shows it, disabled).
              stratify: questionSet.selection.sample?.stratify ?? 'none',
            }
          : draft,
      });
    },
  };
}
