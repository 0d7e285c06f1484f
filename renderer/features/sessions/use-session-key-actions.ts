import { useMemo } from 'react';
import { documentStore } from '../../stores/document';
import { sessionStore } from '../../stores/sessions';
import type { SessionKeys } from './session-keys';
import type { useActivity } from './use-activity';

const focusAnswer = () => document.getElementById('session-answer-value')?.focus();

/** Submits the current answer, then goes to the next question not yet submitted (wrapping). */
export async function submitAndMove(): Promise<void> {
  const s = sessionStore.getState();
  if (!(await s.submit())) return;
  const list = s.questions.map((q) => q.id);
  const i = list.indexOf(s.currentId ?? -1);
  const next = [...list.slice(i + 1), ...list.slice(0, i)].find(
    (q) => !sessionStore.getState().answers[q]?.submitted,
  );
  if (next !== undefined) await sessionStore.getState().goTo(next);
}

/**
 * What the session's keys do: nothing while the session is not open, only resume while
 * paused, otherwise move, submit, skip, mark, pause, focus the answer, clear the selection.
 */
export function useSessionKeyActions(
  open: boolean,
  activity: ReturnType<typeof useActivity>,
): SessionKeys {
  const paused = activity.state === 'paused';
  return useMemo<SessionKeys>(() => {
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
}
