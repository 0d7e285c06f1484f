import type { SendEvent } from './session-events';
import type { SessionAutosave } from './session-autosave';
import type { SessionAccess, SessionState } from './session-state';

/**
 * Moving between the session's questions: to one (its draft saved on leaving, the focus
 * reported to the clock), a step forward or back, or skipping to the next unsubmitted one.
 */
export function sessionMoves(
  s: SessionAccess,
  autosave: SessionAutosave,
  sendEvent: SendEvent,
): Pick<SessionState, 'goTo' | 'step' | 'skip'> {
  const { get, set } = s;
  const ids = () => get().questions.map((q) => q.id);
  return {
    async goTo(questionId) {
      const from = get().currentId;
      if (from === questionId || !ids().includes(questionId)) return;
      set({ currentId: questionId });
      if (from !== undefined) await autosave.flushOne(from);
      await sendEvent('focus', { questionId });
    },

    async step(delta) {
      const list = ids();
      const i = get().currentId === undefined ? -1 : list.indexOf(get().currentId!);
      const to = list[i + delta];
      if (to !== undefined) await get().goTo(to);
    },

    async skip() {
      const q = get().currentId;
      if (q === undefined) return;
      await sendEvent('skip', { questionId: q });
      if (!get().skipped.includes(q)) set({ skipped: [...get().skipped, q] });
      // On to the next question without a submitted answer, wrapping round to the start.
      const list = ids();
      const i = list.indexOf(q);
      const after = [...list.slice(i + 1), ...list.slice(0, i)];
      const to = after.find((id) => !get().answers[id]?.submitted);
      if (to !== undefined) await get().goTo(to);
    },
  };
}
