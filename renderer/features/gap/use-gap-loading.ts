import { useEffect } from 'react';
import { gapStore } from '../../stores/gap';
import { navigationStore } from '../../stores/navigation';

/**
 * Loads what the gap view shows: the sessions and runs to pick from, the gap of the route's
 * pair, and the runs on the session's questions; a session chosen without a run opens on the
 * first of those (one answering every question, made from the session's own question set first).
 */
export function useGapLoading(sessionId: number | undefined, runId: number | undefined): void {
  useEffect(() => {
    void gapStore.getState().loadLists();
  }, []);
  useEffect(() => {
    if (sessionId !== undefined && runId !== undefined)
      void gapStore.getState().open(sessionId, runId);
  }, [sessionId, runId]);
  useEffect(() => {
    if (sessionId === undefined) return;
    void gapStore
      .getState()
      .loadCoverage(sessionId)
      .then((c) => {
        const top = c?.runs[0];
        const route = navigationStore.getState().route;
        if (
          top &&
          top.answered > 0 &&
          route.screen === 'gap' &&
          route.sessionId === sessionId &&
          route.runId === undefined
        )
          navigationStore.getState().go({ screen: 'gap', sessionId, runId: top.runId });
      });
  }, [sessionId]);
}
