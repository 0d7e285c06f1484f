import type { RunReport } from '../../../shared/runs/report';
import { table2Rows } from '../../../shared/runs/report-format';
import { IntervalBarChart } from '../../components/charts/IntervalBarChart';
import { subsetBars } from './report-bars';
import { modeText, pct, scorerLabel } from './run-text';

/**
 * Accuracy per subset in DocMath-Eval's Table 2 layout: a row per model × mode (× scorer here),
 * a column per subset with its item count, then the average over all items.
 */
export function Table2({ report }: { report: RunReport }) {
  const rows = table2Rows([report]);
  const columns = report.subsets.columns;
  const bars = subsetBars(report, report.scorer);
  return (
    <section aria-labelledby="report-table2">
      <h2 id="report-table2">Accuracy by subset</h2>
      <div className="table-scroll">
        <table className="documents runs-table table2" aria-label="Accuracy by subset">
          <thead>
            <tr>
              <th>Model</th>
              <th>Mode</th>
              <th>Scorer</th>
              {columns.map((c) => (
                <th key={c} className="num">
                  {c}
                  <span className="col-n">n={report.subsets.n[c] ?? 0}</span>
                </th>
              ))}
              <th className="num">
                Avg<span className="col-n">n={report.n}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.scorer}>
                <td>{r.model}</td>
                <td>{modeText(r.mode)}</td>
                <td>{scorerLabel(r.scorer)}</td>
                {columns.map((c) => (
                  <td key={c} className="num">
                    {pct(r.values[c])}
                  </td>
                ))}
                <td className="num strong">{pct(r.average)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {bars.length > 1 && (
        <IntervalBarChart
          title={`Accuracy by subset, % (${scorerLabel(report.scorer)}, Wilson 95%)`}
          bars={bars}
        />
      )}
    </section>
  );
}
