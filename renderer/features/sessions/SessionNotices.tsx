import { sessionStore, useSession } from '../../stores/sessions';
import { ApiErrorText } from '../../components/ApiErrorText';
import { ConflictNotice } from './ConflictNotice';
import { sessionKeyHint } from './session-keys';

/**
 * What the expert is told above the question: the keys, the session's instructions, a used-up
 * time budget, a failed action, and an answer changed elsewhere.
 */
export function SessionNotices({ instructions }: { instructions: string }) {
  const exhausted = useSession((s) => s.clock?.exhausted ?? false);
  const actionError = useSession((s) => s.actionError);
  const conflict = useSession((s) => s.conflict);
  return (
    <>
      <p className="key-hint hint" aria-label="Keyboard shortcuts">
        {sessionKeyHint.map(([k, what]) => (
          <span key={k}>
            <kbd>{k}</kbd> {what}
          </span>
        ))}
      </p>
      {instructions && (
        <details className="session-instructions">
          <summary>Instructions</summary>
          <p>{instructions}</p>
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
    </>
  );
}
