import { powerMonitor } from 'electron';
import type { EventBus } from '../events/bus';
import type { SystemIdle } from '../../shared/sessions/system-idle';

/** The session clock's idle threshold (shared/sessions/clock.ts IDLE_AFTER_MS), in seconds. */
const IDLE_SECONDS = 120;
/** How often the system idle state is read: idle is backdated, so this only bounds the delay. */
const POLL_MS = 15_000;

/**
 * Feeds the renderer's activity tracker what only the OS knows: a locked screen or a machine
 * going to sleep stops the clock at once (the page may stay "visible"), and the system idle
 * state covers a renderer whose timers are throttled. Sent as `system.idle` on change only.
 */
export function startIdleMonitor(bus: EventBus): () => void {
  let last: SystemIdle['state'] | undefined;
  const send = (state: SystemIdle['state']) => {
    if (state === last) return;
    last = state;
    bus.emit('system.idle', {
      state,
      idleSeconds: state === 'locked' ? 0 : powerMonitor.getSystemIdleTime(),
    });
  };
  const poll = () => {
    const s = powerMonitor.getSystemIdleState(IDLE_SECONDS);
    // 'unknown' (some Linux desktops) says nothing: the page's own detection stands.
    if (s !== 'unknown') send(s);
  };
  const locked = () => send('locked');
  const back = () => poll();
  powerMonitor.on('lock-screen', locked);
  powerMonitor.on('suspend', locked);
  powerMonitor.on('unlock-screen', back);
  powerMonitor.on('resume', back);
  const timer = setInterval(poll, POLL_MS);
  return () => {
    clearInterval(timer);
    powerMonitor.off('lock-screen', locked);
    powerMonitor.off('suspend', locked);
    powerMonitor.off('unlock-screen', back);
    powerMonitor.off('resume', back);
  };
}
