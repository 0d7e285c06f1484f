import type { RunProgress, RunSummary } from '../../../shared/runs/run';
import { countText, durationText, usdText } from './run-text';

/**
 * An engine run's progress: a bar (done, then failed) and the counts, tokens, cost and ETA of
 * its last `run.progress` (a Batch API run: the batch's status and counts at the server);
 * without one (a run started elsewhere) the summary's counts.
 */
export function RunProgressBar({
  summary,
  progress,
}: {
  summary: RunSummary;
  progress: RunProgress | undefined;
}) {
  const total = progress?.total ?? summary.total;
  const done = progress?.done ?? summary.done;
  const failed = progress?.failed ?? 0;
  const remaining = progress?.remaining ?? Math.max(0, total - done);
  const share = (k: number) => `${total === 0 ? 0 : (100 * k) / total}%`;
  return (
    <div className="run-progress">
      <div
        className="progress-track"
        role="progressbar"
        aria-label={`Run #${summary.runId} progress`}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done + failed}
        aria-valuetext={`${done} done, ${failed} failed, ${remaining} remaining of ${total}`}
      >
        <div className="progress-done" style={{ width: share(done) }} />
        <div className="progress-failed" style={{ width: share(failed) }} />
      </div>
      <p className="progress-text" aria-live="polite">
        <span>{done} done</span>
        <span className={failed > 0 ? 'failed-count' : undefined}>{failed} failed</span>
        <span>{remaining} remaining</span>
        <span>of {total}</span>
        {progress && (
          <>
            <span>
              {countText(progress.inputTokens)} in / {countText(progress.outputTokens)} out tokens
            </span>
            <span>{progress.costUsd === null ? 'cost not priced' : usdText(progress.costUsd)}</span>
            {progress.status === 'running' && progress.etaMs !== null && (
              <span>ETA {durationText(progress.etaMs)}</span>
            )}
            {progress.cached > 0 && <span>{progress.cached} from cache</span>}
            {progress.batch ? (
              <span>
                batch {progress.batch.batchId} {progress.batch.status.replace('_', ' ')}:{' '}
                {progress.batch.completed + progress.batch.failed}/{progress.batch.total} at the
                server
              </span>
            ) : (
              progress.status === 'running' && <span>concurrency {progress.concurrency}</span>
            )}
          </>
        )}
      </p>
      {progress?.message && <p className="hint">{progress.message}</p>}
    </div>
  );
}
