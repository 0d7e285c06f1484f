import type { RunSummary } from '../../../shared/runs/run';
import type { SessionSummary } from '../../../shared/sessions/session';
import { navigationStore } from '../../stores/navigation';
import { compact } from '../../../shared/util/compact';

/** Routes to a session and run (a run only with a session). */
const goToPair = (s: number | undefined, r: number | undefined) =>
  navigationStore.getState().go({
    screen: 'gap',
    ...compact({ sessionId: s }),
    ...(s !== undefined && r !== undefined ? { runId: r } : {}),
  });

const numberOrNone = (value: string) => (value === '' ? undefined : Number(value));

/** The session and run pickers: the runs on the session's dataset first, then the others. */
export function GapPicker({
  id,
  sessions,
  runs,
  sessionId,
  runId,
  sameDataset,
}: {
  /** The screen's id prefix for labels. */
  id: string;
  sessions: SessionSummary[];
  runs: RunSummary[];
  sessionId: number | undefined;
  runId: number | undefined;
  sameDataset: RunSummary[];
}) {
  const session = sessions.find((s) => s.id === sessionId);
  const otherRuns = runs.filter((r) => !sameDataset.includes(r));
  return (
    <div className="report-controls">
      <span>
        <label htmlFor={`${id}-session`}>Finished session</label>{' '}
        <select
          id={`${id}-session`}
          value={sessionId ?? ''}
          onChange={(e) => goToPair(numberOrNone(e.currentTarget.value), runId)}
        >
          <option value="">Choose a session…</option>
          {sessionId !== undefined && !session && <option value={sessionId}>#{sessionId}</option>}
          {sessions.map((s) => (
            <option key={s.id} value={s.id}>
              #{s.id} {s.expert}
              {s.signature === 'unsigned' ? ' (unsigned)' : ''} · {s.datasetName} ·{' '}
              {s.questionIds.length} questions
            </option>
          ))}
        </select>
      </span>
      <span>
        <label htmlFor={`${id}-run`}>Run</label>{' '}
        <select
          id={`${id}-run`}
          value={runId ?? ''}
          disabled={sessionId === undefined}
          onChange={(e) => goToPair(sessionId, numberOrNone(e.currentTarget.value))}
        >
          <option value="">Choose a run…</option>
          {runId !== undefined && !runs.some((r) => r.runId === runId) && (
            <option value={runId}>#{runId}</option>
          )}
          {sameDataset.length > 0 && (
            <optgroup label="On the session's dataset">
              {sameDataset.map((r) => (
                <option key={r.runId} value={r.runId}>
                  #{r.runId} {r.model} · {r.mode ?? 'imported'} · {r.done} items
                </option>
              ))}
            </optgroup>
          )}
          {otherRuns.length > 0 && (
            <optgroup label="Other runs">
              {otherRuns.map((r) => (
                <option key={r.runId} value={r.runId}>
                  #{r.runId} {r.model} · {r.mode ?? 'imported'}
                </option>
              ))}
            </optgroup>
          )}
        </select>
      </span>
    </div>
  );
}
