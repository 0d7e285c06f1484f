import type { RunSummary } from '../../../shared/runs/run';
import type { EachRunRow } from '../../stores/gap/gap-store';
import { ApiErrorText } from '../../components/ApiErrorText';
import { f2, pValueText } from './gap-bars';
import { ColumnHeads } from '../../components/ColumnHeads';

/** The expert against every run on the session's dataset: one "all" row per run. */
export function EachRunTable({
  sessionId,
  rows,
  runs,
}: {
  sessionId: number;
  rows: readonly EachRunRow[];
  runs: readonly RunSummary[];
}) {
  const name = (id: number) => {
    const r = runs.find((x) => x.runId === id);
    return r ? `#${id} ${r.model} · ${r.mode ?? 'imported'}` : `#${id}`;
  };
  return (
    <div className="table-scroll">
      <table className="documents gap-each" aria-label="Expert vs each run">
        <ColumnHeads
          names={[
            'Run',
            'Paired',
            'Expert %',
            'Model %',
            'Expert − model (pp)',
            'Bootstrap 95%',
            'McNemar',
          ]}
        />
        <tbody>
          {rows.map((row) => (
            <tr key={row.runId}>
              <th scope="row">
                <a href={`#/gap/${sessionId}/${row.runId}`}>{name(row.runId)}</a>
              </th>
              {row.status === 'loading' ? (
                <td colSpan={6} className="hint">
                  Comparing…
                </td>
              ) : row.status === 'error' || !row.all ? (
                <td colSpan={6}>
                  {row.error ? <ApiErrorText error={row.error} /> : 'no question answered by both'}
                </td>
              ) : (
                <>
                  <td className="num">{row.paired}</td>
                  <td className="num">{f2(row.all.human.accuracy)}</td>
                  <td className="num">{f2(row.all.model.accuracy)}</td>
                  <td className="num">{f2(row.all.difference)}</td>
                  <td className="num">
                    {f2(row.all.bootstrap.low)} to {f2(row.all.bootstrap.high)}
                  </td>
                  <td className="num">
                    {row.all.mcnemar.humanOnly} / {row.all.mcnemar.modelOnly},{' '}
                    {pValueText(row.all.mcnemar.pValue)}
                  </td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
