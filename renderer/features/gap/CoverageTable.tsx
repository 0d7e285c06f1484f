import type { GapCoverage } from '../../../shared/gap/gap-coverage';
import { ColumnHeads } from '../../components/ColumnHeads';

/**
 * The runs on a session's questions (gap.coverage): each links to its gap, with how many of
 * the session's questions it answered; the one shown is marked.
 */
export function CoverageTable({
  coverage,
  runId,
}: {
  coverage: GapCoverage;
  runId: number | undefined;
}) {
  const n = coverage.questions;
  if (coverage.runs.length === 0)
    return (
      <p className="hint">
        No run answers any of this session’s {n} questions yet: start one on them from the{' '}
        <a href="#/sessions">Sessions</a> screen (“Also run a model on these questions”) or with{' '}
        <code>workbench eval --session {coverage.sessionId}</code>.
      </p>
    );
  return (
    <div className="table-scroll">
      <table className="documents gap-coverage" aria-label="Runs on these questions">
        <ColumnHeads names={['Run', 'Answered', 'Failed', 'Status', 'Covers', 'Question set']} />
        <tbody>
          {coverage.runs.map((r) => (
            <tr key={r.runId} aria-current={r.runId === runId ? 'true' : undefined}>
              <th scope="row">
                <a href={`#/gap/${coverage.sessionId}/${r.runId}`}>
                  #{r.runId} {r.model} · {r.mode ?? 'imported'}
                </a>
              </th>
              <td className="num">
                {r.answered} of {n}
              </td>
              <td className="num">{r.failed}</td>
              <td>{r.status}</td>
              <td>{r.full ? 'every question' : `part (${r.planned} of ${n} planned)`}</td>
              <td>{r.questionSet ? r.questionSet.name : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
