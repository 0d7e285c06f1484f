import { modelTimeText } from '../../../shared/runs/model-time';
import type { RunReport } from '../../../shared/runs/report';
import { IntervalBarChart } from '../../components/charts/IntervalBarChart';
import { scorerBars } from './report-bars';
import { pct, scorerLabel } from './run-text';

/** Accuracy per scorer with its Wilson and document-clustered bootstrap 95% intervals. */
export function ScorerAccuracy({ report }: { report: RunReport }) {
  return (
    <section aria-labelledby="report-accuracy">
      <h2 id="report-accuracy">Accuracy</h2>
      <table className="documents runs-table" aria-label="Accuracy by scorer">
        <thead>
          <tr>
            <th>Scorer</th>
            <th>Version</th>
            <th className="num">Items</th>
            <th className="num">Correct</th>
            <th className="num">Accuracy %</th>
            <th className="num">Wilson 95%</th>
            <th className="num">Bootstrap 95% (documents)</th>
          </tr>
        </thead>
        <tbody>
          {report.scorers.map((s) => {
            const i = report.intervals[s.scorer];
            return (
              <tr
                key={s.scorer}
                className={s.scorer === report.scorer ? 'shown-scorer' : undefined}
              >
                <td>{scorerLabel(s.scorer)}</td>
                <td className="hash">{s.version}</td>
                <td className="num">{s.n}</td>
                <td className="num">{s.correct}</td>
                <td className="num">{pct(s.accuracy)}</td>
                <td className="num">{i ? `${pct(i.wilson.low)}–${pct(i.wilson.high)}` : '–'}</td>
                <td className="num">
                  {i ? `${pct(i.bootstrap.low)}–${pct(i.bootstrap.high)} (${i.clusters})` : '–'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="chart-row">
        <IntervalBarChart
          title="Accuracy by scorer, % (bootstrap 95% over documents)"
          bars={scorerBars(report, 'bootstrap')}
        />
        <IntervalBarChart
          title="Accuracy by scorer, % (Wilson 95%)"
          bars={scorerBars(report, 'wilson')}
        />
      </div>
      {report.executionRate !== null && (
        <p>
          <strong>PoT execution rate:</strong> {pct(report.executionRate)}% of programs ran and
          returned a number.
        </p>
      )}
      {report.modelTime.timed + report.modelTime.cached > 0 && (
        <p className="model-time">
          <strong>Model time:</strong> {modelTimeText(report.modelTime)}.
        </p>
      )}
    </section>
  );
}
