import { useEffect, useMemo, useState } from 'react';
import type { EvidenceTarget } from '../../../shared/document/evidence';
import { askStore, useAsk } from '../../stores/ask';
import { documentStore, useDocument } from '../../stores/document';
import { navigationStore } from '../../stores/navigation';
import {
  datasetQuestionsStore,
  questionStore,
  useDatasetQuestions,
  useQuestion,
} from '../../stores/questions';
import { filterQuestions, neighbours } from '../../stores/questions/filter-questions';
import { AskPanel } from '../ask/AskPanel';
import { readMarks } from '../../components/evidence/read-marks';
import { goToTarget } from '../../components/evidence/go-to-target';
import { goldMarks, goldTableIds } from '../document/gold-marks';
import { targetTableId } from './evidence-label';
import { missingDocumentText } from './missing-document';
import { QuestionDocument } from './QuestionDocument';
import { QuestionPanel } from './QuestionPanel';
import { scrollToTarget } from '../../components/evidence/scroll-to-target';
import { useQuestionKeys, type QuestionKeys } from './use-question-keys';
import './questions.css';

const go = (to: number | undefined) => {
  if (to !== undefined) navigationStore.getState().go({ screen: 'question', id: to });
};

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
  const model = useDocument((s) =>
    document && s.openId === document.id && s.status === 'ready' ? s.model : undefined,
  );

  // The dataset's list, in the order and with the filter of the question list screen.
  const listIds = useDatasetQuestions((s) => {
    if (!dataset || s.datasetId !== dataset.id) return undefined;
    return s.questions;
  });
  const filter = useDatasetQuestions((s) => s.filter);
  const near = useMemo(() => {
    if (!listIds) return undefined;
    const filtered = filterQuestions(listIds, filter).map((q) => q.id);
    return filtered.includes(id)
      ? neighbours(filtered, id)
      : neighbours(
          listIds.map((q) => q.id),
          id,
        );
  }, [listIds, filter, id]);

  useEffect(() => {
    void questionStore.getState().open(id);
  }, [id]);
  const ready = status === 'ready' && question && dataset;
  const documentId = ready ? document?.id : undefined;
  useEffect(() => {
    if (documentId !== undefined) void documentStore.getState().open(documentId);
  }, [documentId]);
  const datasetId = dataset?.id;
  useEffect(() => {
    if (datasetId !== undefined) void datasetQuestionsStore.getState().open(datasetId);
  }, [datasetId]);

  // The Ask panel: open or not, the cells its shown answer read, and the table or page it went
  // to (until the user goes to a piece of gold evidence again).
  const askOpen = useAsk((s) => s.panelOpen);
  const asked = useAsk((s) => s.shown);
  const readCells = useMemo(() => readMarks(asked, model).cells, [asked, model]);
  const [askFocus, setAskFocus] = useState<{ tableId?: string; page?: number }>();
  const goToAsked = (t: EvidenceTarget, page?: number) => {
    if (t.type === 'cell')
      documentStore
        .getState()
        .select({ tableId: t.tableId, sourceRow: t.sourceRow, sourceCol: t.sourceCol });
    const tableId =
      t.type === 'cell' || t.type === 'row' || t.type === 'table' ? t.tableId : undefined;
    setAskFocus({
      ...(tableId ? { tableId } : {}),
      ...(page !== undefined
        ? { page }
        : tableId
          ? { page: model?.tables.find((x) => x.id === tableId)?.page }
          : {}),
    });
    goToTarget(t);
  };

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
    setAskFocus(undefined);
    questionStore.getState().setActiveEvidence(i);
    if (t.type === 'cell')
      documentStore.getState().select({
        tableId: t.tableId,
        sourceRow: t.sourceRow,
        sourceCol: t.sourceCol,
      });
    requestAnimationFrame(() => scrollToTarget(t));
  };

  const keys = useMemo<QuestionKeys>(
    () => ({
      ...(near?.previous !== undefined ? { previous: () => go(near.previous) } : {}),
      ...(near?.next !== undefined ? { next: () => go(near.next) } : {}),
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

  const header = (
    <header className="screen-header">
      <div>
        <a href={dataset ? `#/dataset/${dataset.id}` : '#/library'} className="back">
          ← {dataset?.name ?? 'Library'}
        </a>
        <h1>
          Question #{id}
          {ready && <span className="hint question-external-id"> {question.externalId}</span>}
        </h1>
      </div>
      <nav className="question-steps" aria-label="Questions">
        <button
          type="button"
          onClick={() => go(near?.previous)}
          disabled={near?.previous === undefined}
          aria-label="Previous question"
          title="Previous question (k or Alt+←)"
        >
          ‹ Previous
        </button>
        <span className="hint">
          {near && near.index >= 0
            ? `${(near.index + 1).toLocaleString()} of ${near.total.toLocaleString()}`
            : ''}
        </span>
        <button
          type="button"
          onClick={() => go(near?.next)}
          disabled={near?.next === undefined}
          aria-label="Next question"
          title="Next question (j or Alt+→)"
        >
          Next ›
        </button>
      </nav>
      <button
        type="button"
        className="ask-toggle"
        aria-pressed={askOpen}
        onClick={() => askStore.getState().setPanelOpen(!askOpen)}
      >
        Ask
      </button>
    </header>
  );

  if (status === 'error')
    return (
      <main className="screen">
        {header}
        <p className="error" role="alert">
          {error?.message ?? 'This question could not be read.'}
        </p>
      </main>
    );
  if (!ready)
    return (
      <main className="screen">
        {header}
        <p className="hint">Loading the question…</p>
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
            focusTableId={askFocus?.tableId ?? focusTable}
            focusPage={askFocus?.page ?? focusPage}
            readCells={askOpen ? readCells : undefined}
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
            onGo={goToAsked}
            onClose={() => askStore.getState().setPanelOpen(false)}
          />
        )}
      </div>
    </main>
  );
}
