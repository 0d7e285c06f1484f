import { useEffect, useMemo, useState } from 'react';
import { evidenceKey } from '../../../shared/document/evidence';
import { documentStore, useDocument } from '../../stores/document';
import { navigationStore } from '../../stores/navigation';
import { sessionStore, useSession } from '../../stores/sessions';
import { emptyAnswer } from '../../stores/sessions/answer-draft';
import { questionStatus } from '../../stores/sessions/session-state';
import { ApiErrorText } from '../../components/ApiErrorText';
import { QuestionDocument } from '../questions/QuestionDocument';
import { AnswerForm } from './AnswerForm';
import { ClockBar } from './ClockBar';
import { ConflictNotice } from './ConflictNotice';
import { markLabel } from './mark-label';
import { Scratchpad } from './Scratchpad';
import { SessionHeader } from './SessionHeader';
import { SessionPending } from './SessionPending';
import { SessionQuestionList } from './SessionQuestionList';
import { sessionKeyHint, type SessionKeys } from './session-keys';
import { useActivity } from './use-activity';
import { useSessionKeys } from './use-session-keys';
import '../questions/questions.css';
import './sessions.css';

const focusAnswer = () => document.getElementById('session-answer-value')?.focus();

/**
 * One expert session, blinded: the question, its document in the document view's components
 * with evidence marking into the answer, the answer (autosaved), a calculator, and the
 * active-time clock. Keyboard-first; the keys are listed under the header.
 */
export function SessionScreen({ id }: { id: number }) {
  const status = useSession((s) => (s.sessionId === id ? s.status : 'loading'));
  const error = useSession((s) => s.error);
  const session = useSession((s) => s.session);
  const questions = useSession((s) => s.questions);
  const currentId = useSession((s) => s.currentId);
  const draft = useSession((s) => (s.currentId === undefined ? undefined : s.drafts[s.currentId]));
  const answer = useSession((s) =>
    s.currentId === undefined ? undefined : s.answers[s.currentId],
  );
  const saveState = useSession((s) =>
    s.currentId === undefined ? undefined : s.saveState[s.currentId],
  );
  const conflict = useSession((s) => s.conflict);
  const actionError = useSession((s) => s.actionError);
  const scratch = useSession((s) => s.scratch);
  const scratchRunning = useSession((s) => s.scratchRunning);
  const exhausted = useSession((s) => s.clock?.exhausted ?? false);
  const finishing = useSession((s) => s.finishing);
  // Re-rendered when answers, drafts or the clock change, so the list's statuses stay current.
  const state = useSession((s) => s);
  const [confirmFinish, setConfirmFinish] = useState(false);

  useEffect(() => {
    void sessionStore.getState().open(id);
  }, [id]);

  const open = status === 'ready' && session?.status === 'open';
  const question = questions.find((q) => q.id === currentId);
  const documentId = question?.documentId ?? undefined;
  useEffect(() => {
    if (documentId === undefined) return;
    void documentStore.getState().open(documentId);
    documentStore.getState().select(undefined);
  }, [documentId]);
  const model = useDocument((s) =>
    documentId !== undefined && s.openId === documentId && s.status === 'ready'
      ? s.model
      : undefined,
  );

  const activity = useActivity(open);
  const paused = activity.state === 'paused';
  const fields = draft ?? emptyAnswer();
  const marks = useMemo(() => new Set(fields.evidence.map(evidenceKey)), [fields.evidence]);
  const submitted = answer?.submitted ?? false;

  const submitAndMove = async () => {
    const s = sessionStore.getState();
    if (!(await s.submit())) return;
    const list = s.questions.map((q) => q.id);
    const i = list.indexOf(s.currentId ?? -1);
    const next = [...list.slice(i + 1), ...list.slice(0, i)].find(
      (q) => !sessionStore.getState().answers[q]?.submitted,
    );
    if (next !== undefined) await sessionStore.getState().goTo(next);
  };

  const keys = useMemo<SessionKeys>(() => {
    if (!open) return {};
    const s = sessionStore.getState();
    if (paused) return { togglePause: activity.resume };
    return {
      next: () => void s.step(1),
      previous: () => void s.step(-1),
      submit: () => void submitAndMove(),
      skip: () => void s.skip(),
      toggleMark: () => {
        const sel = documentStore.getState().selected;
        if (sel) s.toggleMark({ type: 'cell', ...sel });
      },
      togglePause: activity.pause,
      focusAnswer,
      clearSelection: () => documentStore.getState().select(undefined),
    };
    // activity's functions read a ref; they are stable enough for the keys' lifetime.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, paused]);
  useSessionKeys(keys);

  const header = (
    <SessionHeader
      title={`Session #${id}`}
      session={session}
      className="screen-header session-header"
    >
      {open && (
        <ClockBar activity={activity.state} onPause={activity.pause} onResume={activity.resume} />
      )}
      {open &&
        (confirmFinish ? (
          <span className="finish-confirm" role="group" aria-label="Finish the session">
            <span>Finish and grade? Answers can no longer change.</span>
            <button
              type="button"
              className="primary"
              disabled={finishing}
              onClick={() =>
                void sessionStore
                  .getState()
                  .finish()
                  .then((done) => {
                    if (done) navigationStore.getState().go({ screen: 'session-results', id });
                  })
              }
            >
              Finish now
            </button>
            <button type="button" onClick={() => setConfirmFinish(false)}>
              Cancel
            </button>
          </span>
        ) : (
          <button type="button" onClick={() => setConfirmFinish(true)}>
            Finish session…
          </button>
        ))}
    </SessionHeader>
  );

  if (status === 'error') return <SessionPending header={header} error={error} />;
  if (status !== 'ready' || !session)
    return <SessionPending header={header} loading="Loading the session…" />;
  if (session.status !== 'open')
    return (
      <SessionPending header={header}>
        <p>
          This session is finished. <a href={`#/session/${id}/results`}>See its results</a>.
        </p>
      </SessionPending>
    );

  const position = questions.findIndex((q) => q.id === currentId);
  return (
    <main className="screen question-screen session-screen">
      {header}
      <p className="key-hint hint" aria-label="Keyboard shortcuts">
        {sessionKeyHint.map(([k, what]) => (
          <span key={k}>
            <kbd>{k}</kbd> {what}
          </span>
        ))}
      </p>
      {session.instructions && (
        <details className="session-instructions">
          <summary>Instructions</summary>
          <p>{session.instructions}</p>
        </details>
      )}
      {exhausted && (
        <p className="session-exhausted" role="status">
          The time budget is used up: answers submitted from now on are marked late.
        </p>
      )}
      {actionError && <ApiErrorText error={actionError} />}
      {conflict && (
        <ConflictNotice
          conflict={conflict}
          onKeep={(keep) => void sessionStore.getState().resolveConflict(keep)}
        />
      )}
      <div className="question-layout">
        <aside className="question-panel session-panel" aria-label="Question">
          <SessionQuestionList
            questions={questions}
            currentId={currentId}
            statusOf={(q) => questionStatus(state, q)}
            onGo={(q) => void sessionStore.getState().goTo(q)}
          />
          {question && (
            <>
              <nav className="question-steps" aria-label="Questions">
                <button
                  type="button"
                  onClick={() => void sessionStore.getState().step(-1)}
                  disabled={position <= 0}
                  title="Previous question (k or Alt+←)"
                >
                  ‹ Previous
                </button>
                <span className="hint">
                  {position + 1} of {questions.length}
                </span>
                <button
                  type="button"
                  onClick={() => void sessionStore.getState().step(1)}
                  disabled={position >= questions.length - 1}
                  title="Next question (j or Alt+→)"
                >
                  Next ›
                </button>
              </nav>
              <p className="question-asked" id="session-question">
                {question.question}
              </p>
              <AnswerForm
                key={question.id}
                draft={fields}
                saveState={saveState ?? (answer ? 'saved' : undefined)}
                submitted={submitted}
                late={answer?.late ?? false}
                labelOf={(t) => markLabel(t, model)}
                onEdit={(patch) => sessionStore.getState().edit(patch)}
                onUnmark={(t) => sessionStore.getState().toggleMark(t)}
                onSubmit={() => void submitAndMove()}
                onSkip={() => void sessionStore.getState().skip()}
              />
              <Scratchpad
                key={`scratch-${question.id}`}
                runs={scratch.filter((r) => r.questionId === question.id)}
                running={scratchRunning}
                onRun={(program) => void sessionStore.getState().scratchRun(program)}
              />
            </>
          )}
        </aside>
        {paused ? (
          <div className="session-paused" role="status">
            <p>
              <strong>Paused.</strong> The clock is stopped and the document hidden.
            </p>
            <button type="button" className="primary" onClick={activity.resume}>
              Resume <kbd>Alt+P</kbd>
            </button>
          </div>
        ) : documentId !== undefined ? (
          <QuestionDocument
            documentId={documentId}
            answerMarks={{
              marks,
              onToggleMark: (t) => sessionStore.getState().toggleMark(t),
            }}
          />
        ) : (
          question && (
            <p className="error question-document missing-document" role="alert">
              The document of this question ({question.documentExternalId}) is not in the library.
            </p>
          )
        )}
      </div>
    </main>
  );
}
