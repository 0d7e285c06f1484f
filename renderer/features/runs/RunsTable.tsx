import type { DatasetSummary } from '../../../shared/datasets/stored-question';
import type { RunSummary } from '../../../shared/runs/run';
import { runsListStore, useRunsList } from '../../stores/runs';
import { RunControls } from './RunControls';
import { dateText, modeText } from './run-text';

/**
 * Every run, newest first: status, items done of total, model, mode, dataset, when; a tick box
 * picks runs to compare (two at most), and engine runs have their pause/resume/cancel.
 */
export function RunsTable({ runs, datasets }: { runs: RunSummary[]; datasets: DatasetSummary[] }) {
  const picked = useRunsList((s) => s.picked);
  const progress = useRunsList((s) => s.progress);
  const names = new Map(datasets.map((d) => [d.id, d.name]));
  return (
    <table className="documents runs-table" aria-label="Runs">
      <thead>
        <tr>
          <th>
            <span className="visually-hidden">Compare</span>
          </th>
          <th>Run</th>
          <th>Status</th>
          <th className="num">Done</th>
          <th>Model</th>
          <th>Mode</th>
          <th>Dataset</th>
          <th>Created</th>
          <th>
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {runs.map((r) => {
          const p = progress[r.runId];
          const failed = p?.failed ?? 0;
          return (
            <tr key={r.runId}>
              <td>
                <input
                  type="checkbox"
                  aria-label={`Pick run #${r.runId} to compare`}
                  checked={picked.includes(r.runId)}
                  onChange={() => runsListStore.getState().togglePicked(r.runId)}
                />
              </td>
              <td>
                <a href={`#/run/${r.runId}`}>#{r.runId}</a>
                {r.source === 'imported' && <span className="badge imported">imported</span>}
              </td>
              <td>
                <span className={`run-status status-${r.status}`} title={r.message ?? undefined}>
                  {r.status}
                </span>
              </td>
              <td className="num">
                {r.done}/{r.total}
                {failed > 0 && <span className="failed-count"> ({failed} failed)</span>}
                {r.status === 'running' && (
                  <div className="mini-track" aria-hidden="true">
                    <div style={{ width: `${r.total ? (100 * r.done) / r.total : 0}%` }} />
                  </div>
                )}
              </td>
              <td>{r.model}</td>
              <td>{modeText(r.mode)}</td>
              <td>
                {r.datasetId === null ? (
                  <span className="hint">removed</span>
                ) : (
                  <a href={`#/dataset/${r.datasetId}`}>
                    {names.get(r.datasetId) ?? `#${r.datasetId}`}
                  </a>
                )}
              </td>
              <td>{dateText(r.createdAt)}</td>
              <td>
                <RunControls summary={r} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
