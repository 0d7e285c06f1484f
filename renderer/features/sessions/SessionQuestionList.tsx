import type { SessionQuestion } from '../../../shared/sessions/session';
import type { QuestionStatus } from '../../stores/sessions/session-state';

const statusText: Record<QuestionStatus, string> = {
  submitted: '✓ submitted',
  answered: '● answered',
  skipped: '↷ skipped',
  unseen: '',
};

/** The session's questions in order, each with how it stands; the current one marked. */
export function SessionQuestionList({
  questions,
  currentId,
  statusOf,
  onGo,
}: {
  questions: SessionQuestion[];
  currentId?: number | undefined;
  statusOf: (id: number) => QuestionStatus;
  onGo: (id: number) => void;
}) {
  return (
    <ol className="session-question-list" aria-label="Session questions">
      {questions.map((q, i) => {
        const status = statusOf(q.id);
        return (
          <li key={q.id} className={`status-${status}`}>
            <button
              type="button"
              aria-current={q.id === currentId ? 'step' : undefined}
              onClick={() => onGo(q.id)}
              title={q.question}
            >
              <span className="session-q-number">{i + 1}</span>
              <span className="session-q-status">{statusText[status]}</span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
