import { useEffect } from 'react';
import { sessionResultsStore, useBundles, useSessionResults } from '../../stores/sessions';
import { ApiErrorText } from '../../components/ApiErrorText';
import { ExportMenu } from '../../components/ExportMenu';
import { ActiveTimeChart } from './ActiveTimeChart';
import { BundleExportButton } from './BundleExportButton';
import { AgreementSection, ResultsSummary } from './ResultsSummary';
import { SessionGapLinks } from './SessionGapLinks';
import { SessionHeader } from './SessionHeader';
import { SessionMethod } from './SessionMethod';
import { SessionPending } from './SessionPending';
import { VerdictsTable } from './VerdictsTable';
import './sessions.css';

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

  const items = [...results.items].sort((x, y) => x.position - y.position);
  return (
    <main className="screen session-results-screen">
      {header}
      {bundleError && <ApiErrorText error={bundleError} />}
      <ResultsSummary results={results} />
      {agreement && <AgreementSection agreement={agreement} />}
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
      <VerdictsTable items={items} />
    </main>
  );
}
