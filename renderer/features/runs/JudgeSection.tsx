import type { JudgeSummary } from '../../../shared/runs/judge';
import type { RunReport } from '../../../shared/runs/report';
import { IntervalBarChart } from '../../components/charts/IntervalBarChart';
import type { IntervalBar } from '../../components/charts/interval-bars';
import { JudgeForm } from './JudgeForm';
import { pct } from './run-text';

const judgeName = (j: JudgeSummary) => `${j.judgeModel} · ${j.rubricId}`;

/** One bar per judge model and rubric: judged correct, % with its Wilson 95% interval. */
export function judgeBars(judges: readonly JudgeSummary[]): IntervalBar[] {
  return judges.map((j) => ({
    label: judgeName(j),
    value: j.accuracy,
    n: j.n,
    low: j.interval.low,
    high: j.interval.high,
  }));
}

/**
 * The LLM judge's verdicts on the run (`workbench judge`, or "Judge with a model…" here), in a
 * section of their own: a judge model's opinion against the gold with a rubric, named with the
 * model, never folded into the scorers' accuracy above it.
 */
export function JudgeSection({ report }: { report: RunReport }) {
  const judges = Object.values(report.judges ?? {});
  return (
    <section aria-labelledby="report-judges" className="judge-section">
      <h2 id="report-judges">LLM judge</h2>
      <JudgeForm runId={report.runId} />
      {judges.length > 0 && <JudgeVerdicts judges={judges} />}
    </section>
  );
}

function JudgeVerdicts({ judges }: { judges: readonly JudgeSummary[] }) {
  return (
    <>
      <p className="hint">
        A judge model graded the answers against the gold with a rubric. This is the judge's
        opinion, not a scorer's verdict: it is not part of the accuracy above. Unreadable replies
        and refusals are counted, not graded.
      </p>
      <table className="documents runs-table" aria-label="LLM judge verdicts by judge model">
        <thead>
          <tr>
            <th>Judge model</th>
            <th>Rubric</th>
            <th className="num">Judged</th>
            <th className="num">Correct</th>
            <th className="num">Partially</th>
            <th className="num">Incorrect</th>
            <th className="num">Unreadable</th>
            <th className="num">Refused</th>
            <th className="num">Judged correct %</th>
            <th className="num">Wilson 95%</th>
            <th className="num">Mean score</th>
          </tr>
        </thead>
        <tbody>
          {judges.map((j) => (
            <tr key={`${j.judgeModel}/${j.rubricId}`}>
              <td>{j.judgeModel}</td>
              <td className="hash" title={`rubric hash ${j.rubricHash}`}>
                {j.rubricId}
              </td>
              <td className="num">{j.n}</td>
              <td className="num">{j.correct}</td>
              <td className="num">{j.partially}</td>
              <td className="num">{j.incorrect}</td>
              <td className="num">{j.unreadable}</td>
              <td className="num">{j.refused}</td>
              <td className="num">{pct(j.accuracy)}</td>
              <td className="num">{`${pct(j.interval.low)}–${pct(j.interval.high)}`}</td>
              <td className="num">{j.meanScore === null ? '–' : j.meanScore.toFixed(3)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {judges.some((j) => j.stale > 0) && (
        <p className="notice" role="note">
          {judges
            .filter((j) => j.stale > 0)
            .map((j) => `${judgeName(j)}: ${j.stale}`)
            .join(', ')}{' '}
          judgements were made against an answer or gold that has changed since; they are left out
          of the counts above. Judging the run again asks them anew.
        </p>
      )}
      <IntervalBarChart
        title="Judged correct by judge model, % (Wilson 95%)"
        bars={judgeBars(judges)}
        domain={[0, 100]}
      />
    </>
  );
}
