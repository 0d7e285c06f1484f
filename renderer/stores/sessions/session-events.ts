import type { ClientEventType, ClockSummary } from '../../../shared/sessions/session';
import type { ApiClient } from '../../api/client-core';
import type { SessionAccess } from './session-state';
import { compact } from '../../../shared/util/compact';

/**
 * The session's clock events (start, focus, skip, idle …), sent one after another so the server
 * logs them in the order they happened; each answer's clock replaces the store's.
 */
export function sessionEvents(
  api: ApiClient,
  s: SessionAccess,
  setClock: (clock: ClockSummary) => void,
) {
  const { get, set, current } = s;
  let chain: Promise<void> = Promise.resolve();
  return (
    type: ClientEventType,
    extra: { idleForMs?: number; questionId?: number } = {},
  ): Promise<void> => {
    const sessionId = current();
    if (sessionId === undefined || get().session?.status !== 'open') return Promise.resolve();
    const questionId = extra.questionId ?? get().currentId;
    const run = chain.then(async () => {
      const r = await api.call('sessions.event', {
        sessionId,
        type,
        ...compact({ questionId }),
        ...(extra.idleForMs !== undefined ? { idleForMs: Math.round(extra.idleForMs) } : {}),
      });
      if (current() !== sessionId) return;
      if (r.ok) setClock(r.value.clock);
      else set({ actionError: r.error });
    });
    chain = run.catch(() => undefined);
    return run;
  };
}

export type SendEvent = ReturnType<typeof sessionEvents>;
