import { useEffect } from 'react';
import { sessionResultsStore, useBundles, useSessionResults } from '../../stores/sessions';
import { durationText, durationWords } from '../../stores/sessions/duration-text';
import { ApiErrorText } from '../../components/ApiErrorText';
import { ExportMenu } from '../../components/ExportMenu';
import { ActiveTimeChart } from './ActiveTimeChart';
import { BundleExportButton } from './BundleExportButton';
import { ColumnHeads } from '../../components/ColumnHeads';
import { SessionGapLinks } from './SessionGapLinks';
import { SessionHeader } from './SessionHeader';
import { SessionMethod } from './SessionMethod';
import { SessionPending } from './SessionPending';
import { UnsignedMark } from './UnsignedMark';
import './sessions.css';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const kappa = (k: number | null) => (k === null ? 'undefined (no variation)' : k.toFixed(3));

/** A finished session, unblinded: each answer against gold with its verdict, accuracy, time. */
export function SessionResultsScreen({ id }: { id: number }) {
  const status = useSessionResults((s) => (s.sessionId === id ? s.status : 'loading'));
  const results = useSessionResults((s) => s.results);
  const error = useSessionResults((s) => s.error);
  const agreement = useSessionResults((s) => s.agreement);
  const agreementError = useSessionResults((s) => s.agreementError);
  const runs = useSessionResults((s) => s.runs);
  const bundleError = useBundles((s) =>
    s.exportError?.sessionId === id ? s.exportError.error : undefined,
  );

  useEffect(() => {
    void sessionResultsStore.getState().open(id, { reload: true });
  }, [id]);

  const header = (
    <SessionHeader title={`Session #${id} results`} session={results?.session}>
      {status === 'ready' && results && (
        <div className="actions">
          <ExportMenu
            target={{ kind: 'session', id }}
            datasetFormat={results.session.datasetFormat}
          />
          {results.session.origin === 'local' && <BundleExportButton sessionId={id} />}
        </div>
      )}
    </SessionHeader>
  );
  if (status === 'error')
    return (
      <SessionPending header={header} error={error}>
        <p>
          <a href={`#/session/${id}`}>Back to the session</a>
        </p>
      </SessionPending>
    );
  if (status !== 'ready' || !results)
    return <SessionPending header={header} loading="Loading results…" />;

  const a = results.accuracy;
  const items = [...results.items].sort((x, y) => x.position - y.position);
  return (
    <main className="screen session-results-screen">
      {header}
      {bundleError && <ApiErrorText error={bundleError} />}
      <section className="results-summary" aria-label="Accuracy">
        <p>
          <strong className="accuracy">{pct(a.rate)}</strong> correct ({a.correct} of {a.total};{' '}
          {a.submitted} submitted) · 95% interval {pct(a.wilson95.low)}–{pct(a.wilson95.high)}{' '}
          (Wilson) · scorer <code>{results.scorer}</code>
        </p>
        <p>
          Active time {durationWords(results.activeSeconds)} of{' '}
          {durationWords(results.session.budgetSeconds)}
        </p>
      </section>
      {agreement && (
        <section className="results-agreement" aria-labelledby="agreement-title">
          <h2 id="agreement-title">Agreement with other experts</h2>
          <p>
            {agreement.raters.map((r, i) => (
              <span key={r.sessionId}>
                {i > 0 && ', '}
                {r.expert}
                {r.signature === 'unsigned' && (
                  <>
                    {' '}
                    <UnsignedMark />
                  </>
                )}
              </span>
            ))}{' '}
            on {agreement.n} questions all submitted: all agree on {pct(agreement.percent)}
            {agreement.sessionIds.length === 2 && ` · Cohen’s κ ${kappa(agreement.cohenKappa)}`}
            {` · Fleiss’ κ ${kappa(agreement.fleissKappa)}`}
          </p>
          {agreement.excluded.length > 0 && (
            <p className="hint">
              Counted once:{' '}
              {agreement.excluded
                .map((x) => `session #${x.sessionId} is #${x.sameAs} again (${x.reason})`)
                .join('; ')}
              .
            </p>
          )}
        </section>
      )}
      {agreementError && <ApiErrorText error={agreementError} />}
      <SessionMethod method={results.method} />
      <SessionGapLinks sessionId={id} runs={runs} />
      <section aria-labelledby="time-chart-title">
        <h2 id="time-chart-title">Active time per question</h2>
        <ActiveTimeChart
          bars={items.map((it, i) => ({
            label: String(i + 1),
            seconds: it.activeSeconds,
            correct: it.verdict ? it.verdict.correct : null,
          }))}
        />
      </section>
      <table className="results-table" aria-label="Verdicts">
        <ColumnHeads names={['#', 'Question', 'Answer', 'Gold', 'Verdict', 'Active']} />
        <tbody>
          {items.map((it, i) => (
            <tr key={it.questionId} className={it.verdict?.correct ? 'correct' : 'wrong'}>
              <td className="num">{i + 1}</td>
              <td>
                {it.question}
                <div className="hint">
                  <code>{it.externalId}</code> · {it.type}
                </div>
              </td>
              <td>
                {it.answer?.submitted ? (
                  <>
                    {it.answer.value}
                    {it.answer.unit && ` ${it.answer.unit}`}
                    {it.answer.scale && ` (${it.answer.scale})`}
                    {it.answer.confidence !== null && (
                      <div className="hint">confidence {it.answer.confidence}/5</div>
                    )}
                  </>
                ) : (
                  <span className="hint">{it.answer?.value ? 'not submitted' : 'no answer'}</span>
                )}
              </td>
              <td>{it.gold}</td>
              <td>
                {it.verdict ? (
                  <>
                    <strong>{it.verdict.correct ? '✓ correct' : `✗ ${it.verdict.outcome}`}</strong>
                    <div className="hint">{it.verdict.rule}</div>
                  </>
                ) : (
                  <span className="hint">not graded</span>
                )}
              </td>
              <td className="num">{durationText(it.activeSeconds)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
