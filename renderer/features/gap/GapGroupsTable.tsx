import type { GapReport } from '../../../shared/gap/gap-report';
import { f2, groupLabel, pValueText } from './gap-bars';
import { ColumnHeads } from '../../components/ColumnHeads';

const sec = (s: number | null) => (s === null ? '–' : `${f2(s)} s`);

/** The per-subset table: accuracies with Wilson intervals, the paired difference, McNemar. */
export function GapGroupsTable({ report }: { report: GapReport }) {
  return (
    <div className="table-scroll">
      <table className="documents gap-groups" aria-label="Expert vs model per subset">
        <ColumnHeads
          names={[
            'Group',
            'n',
            'Expert %',
            'Model %',
            'Expert − model (pp)',
            'Bootstrap 95%',
            'McNemar b / c',
            'McNemar p',
            'Expert median',
            'Model median',
          ]}
        />
        <tbody>
          {report.groups.map((g) => (
            <tr key={`${g.by}:${g.value}`} className={g.by === 'all' ? 'gap-all' : undefined}>
              <th scope="row">{groupLabel(g)}</th>
              <td className="num">{g.n}</td>
              <td className="num">
                {f2(g.human.accuracy)}{' '}
                <span className="hint">
                  [{f2(g.human.wilson.low)}, {f2(g.human.wilson.high)}]
                </span>
              </td>
              <td className="num">
                {f2(g.model.accuracy)}{' '}
                <span className="hint">
                  [{f2(g.model.wilson.low)}, {f2(g.model.wilson.high)}]
                </span>
              </td>
              <td className="num">{f2(g.difference)}</td>
              <td className="num">
                {f2(g.bootstrap.low)} to {f2(g.bootstrap.high)}
              </td>
              <td className="num">
                {g.mcnemar.humanOnly} / {g.mcnemar.modelOnly}
              </td>
              <td className="num">{pValueText(g.mcnemar.pValue)}</td>
              <td className="num">{sec(g.humanMedianSeconds)}</td>
              <td className="num">{sec(g.modelMedianSeconds)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
