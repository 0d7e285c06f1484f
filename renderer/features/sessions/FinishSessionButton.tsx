import { useState } from 'react';
import { navigationStore } from '../../stores/navigation';
import { sessionStore, useSession } from '../../stores/sessions';

/** "Finish session…", asked once more before the session is graded and closed. */
export function FinishSessionButton({ id }: { id: number }) {
  const finishing = useSession((s) => s.finishing);
  const [confirmFinish, setConfirmFinish] = useState(false);
  if (!confirmFinish)
    return (
      <button type="button" onClick={() => setConfirmFinish(true)}>
        Finish session…
      </button>
    );
  return (
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
  );
}
