import { useEffect, useId } from 'react';
import { questionSetsStore, useQuestionSets, useSessionsList } from '../../stores/sessions';
import { ApiErrorText } from '../../components/ApiErrorText';
import { QuestionSetForm } from './QuestionSetForm';
import { QuestionSetsTable } from './QuestionSetsTable';

/**
 * Question sets (docs/sessions.md, "Question sets"): the builder (a seeded sample of a
 * dataset's questions, balanced; or the questions a filter passes; or a list of ids) and the
 * sets of the workspace, each a step from a session (and a model run) on exactly its questions.
 */
export function QuestionSetsSection() {
  const id = useId();
  const datasets = useSessionsList((s) => s.datasets);
  const sets = useQuestionSets((s) => s.sets);
  const status = useQuestionSets((s) => s.status);
  const error = useQuestionSets((s) => s.error);
  const draftDatasetId = useQuestionSets((s) => s.draft.datasetId);

  useEffect(() => {
    void questionSetsStore.getState().load();
  }, []);
  useEffect(() => {
    if (!datasets.some((d) => d.id === draftDatasetId) && datasets[0])
      questionSetsStore.getState().setDraft({ datasetId: datasets[0].id });
  }, [datasets, draftDatasetId]);

  if (datasets.length === 0) return null;

  return (
    <>
      <QuestionSetForm datasets={datasets} />
      {error && <ApiErrorText error={error} />}
      {status === 'ready' && sets.length > 0 && <QuestionSetsTable id={id} sets={sets} />}
    </>
  );
}
