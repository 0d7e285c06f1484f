import type { RunReport } from '../../../shared/runs/report';
import { pct, scorerLabel } from './run-text';

/** Accuracy by answer type and by where the evidence is, for datasets that say so (TAT-QA). */
export function Breakdowns({ report }: { report: RunReport }) {
  if (report.breakdowns.length === 0) return null;
  const scorers = report.scorers.map((s) => s.scorer);
  return (
    <section aria-labelledby="report-breakdowns">
      <h2 id="report-breakdowns">Breakdowns</h2>
      <div className="breakdowns">
        {report.breakdowns.map((b) => (
          <table key={b.by} className="documents runs-table" aria-label={`Accuracy by ${b.by}`}>
            <thead>
              <tr>
                <th>{b.by}</th>
                <th className="num">n</th>
                {scorers.map((s) => (
                  <th key={s} className="num">
                    {scorerLabel(s)} %
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {b.groups.map((g) => (
                <tr key={g.value}>
                  <td>{g.value}</td>
                  <td className="num">{g.n}</td>
                  {scorers.map((s) => (
                    <td key={s} className="num">
                      {pct(g.accuracy[s])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </section>
  );
}
