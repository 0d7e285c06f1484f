import type { IdCount, RunImportResult } from '../../../shared/runs/run';
import { useRunImport } from '../../stores/runs';
import { pct, scorerLabel } from './run-text';

function Counted({ what, c }: { what: string; c: IdCount }) {
  if (c.count === 0) return null;
  return (
    <li>
      {c.count} {what}
      {c.examples.length > 0 && (
        <>
          : <code>{c.examples.join(', ')}</code>
          {c.count > c.examples.length ? ` (first ${c.examples.length})` : ''}
        </>
      )}
    </li>
  );
}

function ReportText({ r }: { r: RunImportResult }) {
  return (
    <div className="notice import-report" role="status" aria-label="Import report">
      <p>
        Imported {r.matched} of {r.records} records as run #{r.runId}
        {r.unanswered > 0 ? `; ${r.unanswered} questions of the dataset have no answer in it` : ''}.
        Accuracy:{' '}
        {Object.entries(r.accuracy)
          .map(([s, a]) => `${scorerLabel(s)} ${pct(a)}%`)
          .join(', ')}
        .
      </p>
      <ul>
        <Counted what="ids not in the dataset (not stored)" c={r.unknownIds} />
        <Counted what="unreadable records" c={r.unreadable} />
        <Counted what="duplicate ids (the first answer kept)" c={r.duplicates} />
        {r.warnings.map((w, i) => (
          <li key={i}>{w}</li>
        ))}
      </ul>
    </div>
  );
}

/** What the import of this run from the UI reported, on the run's screen it opened. */
export function ImportReport({ runId }: { runId: number }) {
  const result = useRunImport((s) => (s.result?.runId === runId ? s.result : undefined));
  return result ? <ReportText r={result} /> : null;
}
