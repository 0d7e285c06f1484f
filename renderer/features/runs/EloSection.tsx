import { useEffect, useId, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ELO_BASE } from '../../../shared/stats/elo';
import type { EloTable } from '../../../shared/runs/judge';
import { IntervalBarChart } from '../../components/charts/IntervalBarChart';
import { symmetricDomain, type IntervalBar } from '../../components/charts/interval-bars';
import { judgeEloStore, useJudgeElo } from '../../stores/runs';
import { ApiErrorText } from '../../components/ApiErrorText';
import {
  JudgeModelFields,
  JudgePassControls,
  judgeChoiceProblem,
  type JudgeChoice,
} from './JudgePass';
import { modeText } from './run-text';

const rowName = (r: EloTable['rows'][number]) => `#${r.runId} ${r.model} · ${modeText(r.mode)}`;
const rating = (v: number | null) => (v === null ? '–' : v.toFixed(0));

/** One bar per run: its rating above or below the mean (1000), with its bootstrap 95% interval. */
export function eloBars(table: EloTable): IntervalBar[] {
  return table.rows.map((r) => ({
    label: rowName(r),
    value: r.rating - ELO_BASE,
    ...(r.low !== null && r.high !== null
      ? { low: r.low - ELO_BASE, high: r.high - ELO_BASE }
      : {}),
    n: r.wins + r.losses + r.ties,
  }));
}

/**
 * The compared runs judged pairwise by a judge model (runs.judgePairwise, a cancellable job) and
 * their Elo table (runs.elo) from the pairwise judgements stored: a judge's preference, apart
 * from the scorers' paired comparison above.
 */
export function EloSection({ runIds }: { runIds: number[] }) {
  const id = useId();
  const [choice, setChoice] = useState<JudgeChoice>({ model: '' });
  const key = runIds.join(',');
  const pass = useJudgeElo(
    useShallow((s) => ({
      status: s.status,
      percent: s.percent,
      jobId: s.jobId,
      cancelling: s.cancelling,
      error: s.error,
    })),
  );
  const table = useJudgeElo((s) => (s.runIds?.join(',') === key ? s.table : undefined));

  useEffect(() => {
    void judgeEloStore.getState().load(key.split(',').map(Number));
  }, [key]);

  const problem = judgeChoiceProblem(choice);
  return (
    <section aria-labelledby={`${id}-elo`} className="judge-section">
      <h2 id={`${id}-elo`}>Pairwise judge and Elo</h2>
      <form
        className="start-run judge-form"
        aria-label="Pairwise judge"
        onSubmit={(e) => {
          e.preventDefault();
          if (problem !== undefined || choice.providerId === undefined) return;
          void judgeEloStore.getState().judge({
            runIds,
            provider: { providerId: choice.providerId },
            model: choice.model.trim(),
          });
        }}
      >
        <p className="hint">
          A judge model compares the runs' answers to each question both ways round (built-in
          rubric); the Elo ratings are its preferences, not the scorers' accuracy.
        </p>
        <JudgeModelFields idPrefix={id} choice={choice} onChange={setChoice} />
        <JudgePassControls
          pass={pass}
          startLabel="Pairwise judge…"
          problem={problem}
          onCancel={() => void judgeEloStore.getState().cancel()}
        />
      </form>
      {table?.status === 'none' && (
        <p className="hint">No pairwise judgements among these runs yet.</p>
      )}
      {table?.status === 'error' && <ApiErrorText error={table.error} />}
      {table?.status === 'ready' && <EloTableView table={table.value} />}
    </section>
  );
}

function EloTableView({ table }: { table: EloTable }) {
  const bars = eloBars(table);
  return (
    <>
      <p className="hint">
        Judge {table.judgeModel} ({table.rubricId}): {table.outcomes} pair outcomes over{' '}
        {table.questions} questions; {table.positionDisagreements} where the two orders disagreed
        (ties), {table.unreadable} left out (unreadable or refused).
      </p>
      <table className="documents runs-table" aria-label="Elo ratings by run">
        <thead>
          <tr>
            <th>Run</th>
            <th className="num">Elo</th>
            <th className="num">95% interval</th>
            <th className="num">Wins</th>
            <th className="num">Losses</th>
            <th className="num">Ties</th>
          </tr>
        </thead>
        <tbody>
          {table.rows.map((r) => (
            <tr key={r.runId}>
              <td>
                <a href={`#/run/${r.runId}`}>{rowName(r)}</a>
              </td>
              <td className="num">{rating(r.rating)}</td>
              <td className="num">{`${rating(r.low)}–${rating(r.high)}`}</td>
              <td className="num">{r.wins}</td>
              <td className="num">{r.losses}</td>
              <td className="num">{r.ties}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <IntervalBarChart
        title={`Elo rating above the mean (${ELO_BASE}), bootstrap 95%`}
        bars={bars}
        unit=""
        domain={symmetricDomain(bars)}
        labelWidth={220}
      />
    </>
  );
}
