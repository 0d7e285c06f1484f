import { useEffect, useRef, useState } from 'react';
import {
  createActivityTracker,
  type ActivityState,
  type ActivityTracker,
} from '../../stores/sessions/activity-tracker';
import { onSystemIdle, sessionStore, useSession } from '../../stores/sessions';

/** What counts as the expert at work: typing, clicking, scrolling (anywhere on the page). */
const INPUT_EVENTS = ['keydown', 'pointerdown', 'wheel', 'scroll', 'input'] as const;

/**
 * Runs the active-time clock's tracker while a session screen is shown: the page's input,
 * visibility and unload go in, clock events go out through the session store. Answers the
 * tracker's state (the clock display runs only while active) and pause/resume.
 */
export function useActivity(enabled: boolean): {
  state: ActivityState;
  pause: () => void;
  resume: () => void;
} {
  const tracker = useRef<ActivityTracker | undefined>(undefined);
  // Until the tracker reports a change, the state is where the server's clock stood.
  const [changed, setState] = useState<ActivityState | undefined>(undefined);
  const serverPaused = useSession((s) => s.clock?.state === 'paused');

  useEffect(() => {
    if (!enabled) return;
    // A session paused before a reload stays paused until the expert resumes it.
    const startPaused = sessionStore.getState().clock?.state === 'paused';
    const t = createActivityTracker({
      initial: startPaused ? 'paused' : 'active',
      report: (r) =>
        void sessionStore
          .getState()
          .event(r.kind, r.idleForMs !== undefined ? { idleForMs: r.idleForMs } : {}),
      onState: setState,
    });
    tracker.current = t;
    const onInput = () => t.input();
    for (const type of INPUT_EVENTS)
      window.addEventListener(type, onInput, { capture: true, passive: true });
    const onVisibility = () => (document.hidden ? t.hidden() : t.visible());
    document.addEventListener('visibilitychange', onVisibility);
    // Leaving the page (reload, close): save what is typed and stop the clock now.
    const onPageHide = () => {
      void sessionStore.getState().flush();
      t.hidden();
    };
    window.addEventListener('pagehide', onPageHide);
    // Electron only (web mode never hears it): a locked screen or sleep stops the clock at
    // once, the OS's idle state backs up this page's timer, and unlocking counts as visible.
    let lockedBySystem = false;
    const stopSystem = onSystemIdle((s) => {
      if (s.state === 'locked') {
        lockedBySystem = true;
        t.hidden();
      } else if (lockedBySystem) {
        lockedBySystem = false;
        if (!document.hidden) t.visible();
      } else if (s.state === 'idle') t.systemIdle(s.idleSeconds * 1000);
    });
    return () => {
      stopSystem();
      for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      t.dispose();
      tracker.current = undefined;
    };
  }, [enabled]);

  return {
    state: changed ?? (serverPaused ? 'paused' : 'active'),
    pause: () => tracker.current?.pause(),
    resume: () => tracker.current?.resume(),
  };
}
