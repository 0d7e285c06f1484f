import type { RunSummary } from '../../../shared/runs/run';
import { runsListStore, useRunsList } from '../../stores/runs';

/** Pause, resume and cancel of an engine run, as its status allows. */
export function RunControls({ summary }: { summary: RunSummary }) {
  const acting = useRunsList((s) => s.acting[summary.runId] === true);
  if (summary.source !== 'engine') return null;
  const store = runsListStore.getState();
  const name = `run #${summary.runId}`;
  const { status } = summary;
  return (
    <span className="run-controls">
      {status === 'running' && (
        <button
          type="button"
          disabled={acting}
          aria-label={`Pause ${name}`}
          onClick={() => void store.pause(summary.runId)}
        >
          Pause
        </button>
      )}
      {(status === 'paused' || status === 'interrupted' || status === 'failed') && (
        <button
          type="button"
          disabled={acting}
          aria-label={`Resume ${name}`}
          onClick={() => void store.resume(summary.runId)}
        >
          Resume
        </button>
      )}
      {(status === 'running' || status === 'paused') && (
        <button
          type="button"
          disabled={acting}
          aria-label={`Cancel ${name}`}
          onClick={() => void store.cancel(summary.runId)}
        >
          Cancel
        </button>
      )}
    </span>
  );
}
