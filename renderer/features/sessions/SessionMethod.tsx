import type { ReportMethod } from '../../../shared/runs/method';
import { MethodList } from '../runs/MethodList';
import '../runs/runs.css';

/**
 * How a finished session was graded, as a run report's Method list shows it (the one
 * component, renderer/features/runs/MethodList.tsx): each scorer and version that decided the
 * expert's verdicts, the gold versions they were graded against, stale verdicts marked, and the
 * default-scorer table's row for the dataset's format.
 */
export function SessionMethod({ method }: { method: ReportMethod }) {
  return (
    <section aria-labelledby="session-method" className="run-method session-method">
      <h2 id="session-method">Method</h2>
      <p>
        The expert's submitted answers, graded through the grading service against the gold the
        workspace holds
        {method.scorers.length === 0 ? ' (no answer was submitted: no verdicts)' : ''}.
      </p>
      <MethodList method={method} />
    </section>
  );
}
