import type { ImportProgress } from '../../stores/library/library-store';

/** The import under way: the file being read and how far the import is. */
export function ImportProgressBar({ progress }: { progress: ImportProgress | undefined }) {
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label="Importing"
      aria-valuemin={0}
      aria-valuemax={progress?.total ?? 1}
      aria-valuenow={progress?.done ?? 0}
    >
      Importing
      {progress
        ? ` ${progress.label} (${Math.round((100 * progress.done) / Math.max(progress.total, 1))}%)`
        : '…'}
    </div>
  );
}
