import { useEffect } from 'react';
import { askStore, useAsk } from '../../stores/ask';
import { documentStore, useDocument } from '../../stores/document';
import { datasetQuestionsStore, questionStore, useQuestion } from '../../stores/questions';
import { AskPanel } from '../ask/AskPanel';
import { missingDocumentText } from './missing-document';
import { QuestionDocument } from './QuestionDocument';
import { QuestionHeader } from './QuestionHeader';
import { QuestionPanel } from './QuestionPanel';
import { useGoldFocus } from './use-gold-focus';
import { useQuestionAsk } from './use-question-ask';
import { useQuestionNeighbours, useQuestionScreenKeys } from './use-question-navigation';
import './questions.css';

/** Opens the question, then its document and its dataset's list, in the stores. */
function useOpenQuestion(
  id: number,
  documentId: number | undefined,
  datasetId: number | undefined,
) {
  useEffect(() => {
    void questionStore.getState().open(id);
  }, [id]);
  useEffect(() => {
    if (documentId !== undefined) void documentStore.getState().open(documentId);
  }, [documentId]);
  useEffect(() => {
    if (datasetId !== undefined) void datasetQuestionsStore.getState().open(datasetId);
  }, [datasetId]);
}

/** The parsed model of the question's document, once the document store has read it. */
const useReadModel = (documentId: number | undefined) =>
  useDocument((s) =>
    documentId !== undefined && s.openId === documentId && s.status === 'ready'
      ? s.model
      : undefined,
  );

/** Why the question is not shown: it is being read, or it could not be. */
function QuestionNotShown({ failed, message }: { failed: boolean; message: string | undefined }) {
  return failed ? (
    <p className="error" role="alert">
      {message ?? 'This question could not be read.'}
    </p>
  ) : (
    <p className="hint">Loading the question…</p>
  );
}

/**
 * One question: the question and its gold (hidden until asked for) beside its document, with
 * the gold evidence outlined there. j/k or Alt+←/→ step through the dataset's (filtered) list.
 */
export function QuestionScreen({ id }: { id: number }) {
  const status = useQuestion((s) => (s.openId === id ? s.status : 'loading'));
  const question = useQuestion((s) => s.question);
  const dataset = useQuestion((s) => s.dataset);
  const document = useQuestion((s) => s.document);
  const error = useQuestion((s) => s.error);
  const showGold = useQuestion((s) => s.showGold);
  const activeEvidence = useQuestion((s) => s.activeEvidence);
  const model = useReadModel(document?.id);
  const near = useQuestionNeighbours(id, dataset?.id);
  const ready = status === 'ready' && question && dataset;
  useOpenQuestion(id, ready ? document?.id : undefined, dataset?.id);

  // The Ask panel: open or not, the cells its shown answer read, and where it went.
  const askOpen = useAsk((s) => s.panelOpen);
  const ask = useQuestionAsk(model);
  const { gold, focusTable, focusPage, goEvidence } = useGoldFocus(
    question,
    activeEvidence,
    model,
    ask.clearFocus,
  );
  useQuestionScreenKeys(near);

  const header = (
    <QuestionHeader
      id={id}
      dataset={dataset}
      externalId={ready ? question.externalId : undefined}
      near={near}
      askOpen={askOpen}
    />
  );
  if (status === 'error' || !ready)
    return (
      <main className="screen">
        {header}
        <QuestionNotShown failed={status === 'error'} message={error?.message} />
      </main>
    );

  return (
    <main className="screen question-screen">
      {header}
      <div className="question-layout">
        <QuestionPanel
          key={question.id}
          question={question}
          dataset={dataset}
          model={model}
          showGold={showGold}
          activeEvidence={activeEvidence}
          onToggleGold={() => questionStore.getState().toggleGold()}
          onGoEvidence={goEvidence}
        />
        {document ? (
          <QuestionDocument
            documentId={document.id}
            gold={gold}
            focusTableId={ask.focus?.tableId ?? focusTable}
            focusPage={ask.focus?.page ?? focusPage}
            readCells={askOpen ? ask.readCells : undefined}
          />
        ) : (
          <p className="error question-document missing-document" role="alert">
            {missingDocumentText(dataset, question.documentExternalId)}
          </p>
        )}
        {askOpen && (
          <AskPanel
            key={question.id}
            questionId={question.id}
            {...(document ? { documentId: document.id } : {})}
            question={question.question}
            model={model}
            onGo={ask.goTo}
            onClose={() => askStore.getState().setPanelOpen(false)}
          />
        )}
      </div>
    </main>
  );
}
