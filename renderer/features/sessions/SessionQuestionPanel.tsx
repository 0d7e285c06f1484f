import type { Document } from '../../../shared/document';
import { sessionStore, useSession } from '../../stores/sessions';
import { emptyAnswer } from '../../stores/sessions/answer-draft';
import { questionStatus } from '../../stores/sessions/session-state';
import { AnswerForm } from './AnswerForm';
import { markLabel } from './mark-label';
import { Scratchpad } from './Scratchpad';
import { SessionQuestionList } from './SessionQuestionList';
import { submitAndMove } from './use-session-key-actions';

/** Previous / "n of m" / Next under the question list. */
function QuestionSteps({ position, count }: { position: number; count: number }) {
  return (
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
        {position + 1} of {count}
      </span>
      <button
        type="button"
        onClick={() => void sessionStore.getState().step(1)}
        disabled={position >= count - 1}
        title="Next question (j or Alt+→)"
      >
        Next ›
      </button>
    </nav>
  );
}

/** The current question's answer (autosaved) and its calculator. */
function CurrentAnswer({ questionId, model }: { questionId: number; model: Document | undefined }) {
  const draft = useSession((s) => s.drafts[questionId]);
  const answer = useSession((s) => s.answers[questionId]);
  const saveState = useSession((s) => s.saveState[questionId]);
  const scratch = useSession((s) => s.scratch);
  const scratchRunning = useSession((s) => s.scratchRunning);
  return (
    <>
      <AnswerForm
        key={questionId}
        draft={draft ?? emptyAnswer()}
        saveState={saveState ?? (answer ? 'saved' : undefined)}
        submitted={answer?.submitted ?? false}
        late={answer?.late ?? false}
        labelOf={(t) => markLabel(t, model)}
        onEdit={(patch) => sessionStore.getState().edit(patch)}
        onUnmark={(t) => sessionStore.getState().toggleMark(t)}
        onSubmit={() => void submitAndMove()}
        onSkip={() => void sessionStore.getState().skip()}
      />
      <Scratchpad
        key={`scratch-${questionId}`}
        runs={scratch.filter((r) => r.questionId === questionId)}
        running={scratchRunning}
        onRun={(program) => void sessionStore.getState().scratchRun(program)}
      />
    </>
  );
}

/**
 * The session screen's left panel: the question list with each one's status, steps, the
 * current question, its answer and the calculator. `model` is the question's document, for
 * naming marked cells.
 */
export function SessionQuestionPanel({ model }: { model: Document | undefined }) {
  const questions = useSession((s) => s.questions);
  const currentId = useSession((s) => s.currentId);
  // Re-rendered when answers, drafts or the clock change, so the list's statuses stay current.
  const state = useSession((s) => s);
  const position = questions.findIndex((q) => q.id === currentId);
  const question = questions[position];
  return (
    <aside className="question-panel session-panel" aria-label="Question">
      <SessionQuestionList
        questions={questions}
        currentId={currentId}
        statusOf={(q) => questionStatus(state, q)}
        onGo={(q) => void sessionStore.getState().goTo(q)}
      />
      {question && (
        <>
          <QuestionSteps position={position} count={questions.length} />
          <p className="question-asked" id="session-question">
            {question.question}
          </p>
          <CurrentAnswer questionId={question.id} model={model} />
        </>
      )}
    </aside>
  );
}
