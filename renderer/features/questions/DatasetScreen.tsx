import { useEffect, useMemo } from 'react';
import { datasetQuestionsStore, questionStore, useDatasetQuestions } from '../../stores/questions';
import { filterQuestions } from '../../stores/questions/filter-questions';
import { QuestionList } from './QuestionList';
import './questions.css';

/** One dataset: what it is and its questions, searchable; a question opens its screen. */
export function DatasetScreen({ id }: { id: number }) {
  const current = useDatasetQuestions((s) => s.datasetId === id);
  const status = useDatasetQuestions((s) => s.status);
  const dataset = useDatasetQuestions((s) => s.dataset);
  const questions = useDatasetQuestions((s) => s.questions);
  const filter = useDatasetQuestions((s) => s.filter);
  const error = useDatasetQuestions((s) => s.error);
  const shown = useMemo(() => filterQuestions(questions, filter), [questions, filter]);

  useEffect(() => {
    void datasetQuestionsStore.getState().open(id);
  }, [id]);

  const ready = current && status === 'ready' && dataset;
  return (
    <main className="screen dataset-screen">
      <header className="screen-header">
        <div>
          <a href="#/library" className="back">
            ← Library
          </a>
          <h1>{ready ? dataset.name : 'Dataset'}</h1>
          {ready && (
            <p className="doc-meta">
              {dataset.format} · {dataset.documentCount.toLocaleString()} documents ·{' '}
              {dataset.questionCount.toLocaleString()} questions · imported{' '}
              <time dateTime={dataset.importedAt}>
                {new Date(dataset.importedAt).toLocaleString()}
              </time>
            </p>
          )}
        </div>
      </header>
      {current && status === 'error' ? (
        <p className="error" role="alert">
          {error?.message ?? 'This dataset could not be read.'}
        </p>
      ) : !ready ? (
        <p className="hint">Loading questions…</p>
      ) : (
        <QuestionList
          questions={shown}
          total={questions.length}
          filter={filter}
          onFilter={(f) => datasetQuestionsStore.getState().setFilter(f)}
          focusId={
            questionStore.getState().question?.datasetId === id
              ? questionStore.getState().openId
              : undefined
          }
        />
      )}
    </main>
  );
}
