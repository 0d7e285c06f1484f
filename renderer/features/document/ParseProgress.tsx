import { documentStore, useDocument } from '../../stores/document';

/**
 * "Reading the document (42%)" while the open document is parsed, with a Cancel button that
 * stops the parse job (its worker thread is terminated in main). Reads the document store only.
 */
export function ParseProgress() {
  const progress = useDocument((s) => s.progress);
  const canCancel = useDocument((s) => s.parseJobId !== undefined);
  const cancelling = useDocument((s) => s.cancelling);
  return (
    <div className="parse-progress">
      <p
        className="progress"
        role="progressbar"
        aria-label="Reading the document"
        aria-valuemin={0}
        aria-valuemax={progress?.total ?? 1}
        aria-valuenow={progress?.done ?? 0}
      >
        Reading the document
        {!progress
          ? '…'
          : progress.unit === 'pages'
            ? ` (page ${progress.done} of ${progress.total})`
            : ` (${Math.round((100 * progress.done) / Math.max(progress.total, 1))}%)`}
        {progress && <progress aria-hidden="true" max={progress.total} value={progress.done} />}
      </p>
      {canCancel && (
        <button
          type="button"
          disabled={cancelling}
          onClick={() => void documentStore.getState().cancelParse()}
        >
          {cancelling ? 'Cancelling…' : 'Cancel'}
        </button>
      )}
    </div>
  );
}
