import { useEffect, useState } from 'react';
import type { ActivityState } from '../../stores/sessions/activity-tracker';
import { durationText } from '../../stores/sessions/duration-text';
import { useSession } from '../../stores/sessions';
import { liveActiveSeconds } from '../../stores/sessions/session-state';

const stateText: Record<ActivityState, string> = {
  active: 'counting',
  idle: 'idle: not counting',
  hidden: 'window hidden: not counting',
  paused: 'paused',
};

/**
 * Remaining time, active time and time on this question. The server's clock, run on here
 * between its answers while the expert is active; idle and paused stretches do not count.
 */
export function ClockBar({
  activity,
  onPause,
  onResume,
}: {
  activity: ActivityState;
  onPause: () => void;
  onResume: () => void;
}) {
  const clock = useSession((s) => s.clock);
  const clockAt = useSession((s) => s.clockAt);
  const currentId = useSession((s) => s.currentId);
  const cap = useSession((s) => s.session?.perQuestionCapSeconds ?? null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  if (!clock) return null;
  const live = liveActiveSeconds(clock, clockAt, Math.max(now, clockAt), activity === 'active');
  const onQuestion = currentId === undefined ? 0 : live.question(currentId);
  const over = cap !== null && onQuestion >= cap;
  return (
    <div className={`clock-bar clock-${activity}`} role="group" aria-label="Session clock">
      <span className="clock-item" aria-label="Remaining time">
        <span className="hint">Remaining</span>{' '}
        <strong className={live.remaining <= 0 ? 'clock-value over' : 'clock-value'}>
          {durationText(live.remaining)}
        </strong>
      </span>
      <span className="clock-item" aria-label="Active time">
        <span className="hint">Active</span>{' '}
        <strong className="clock-value" data-seconds={Math.floor(live.active)}>
          {durationText(live.active)}
        </strong>
      </span>
      <span className="clock-item" aria-label="Time on this question">
        <span className="hint">This question</span>{' '}
        <strong className={over ? 'clock-value over' : 'clock-value'}>
          {durationText(onQuestion)}
          {cap !== null && ` / ${durationText(cap)}`}
        </strong>
      </span>
      <span className="clock-state" role="status">
        {stateText[activity]}
      </span>
      {activity === 'paused' ? (
        <button type="button" className="primary" onClick={onResume} title="Resume (Alt+P)">
          Resume
        </button>
      ) : (
        <button type="button" onClick={onPause} title="Pause (Alt+P)">
          Pause
        </button>
      )}
    </div>
  );
}
