import { useEffect } from 'react';
import { sessionsListStore, useBundles, useSessionsList } from '../../stores/sessions';
import { ApiErrorText } from '../../components/ApiErrorText';
import { BundleImport } from './BundleImport';
import { QuestionSetsSection } from './QuestionSetsSection';
import { SessionBuilder } from './SessionBuilder';
import { SessionsTable } from './SessionsTable';
import './sessions.css';

/** Expert sessions: the ones in this workspace and the builder for a new one. */
export function SessionsScreen() {
  const status = useSessionsList((s) => s.status);
  const error = useSessionsList((s) => s.error);
  const sessions = useSessionsList((s) => s.sessions);
  const bundleError = useBundles((s) => s.exportError);

  useEffect(() => {
    void sessionsListStore.getState().load();
  }, []);

  return (
    <main className="screen sessions-screen">
      <header className="screen-header">
        <h1>Expert sessions</h1>
      </header>
      {error && <ApiErrorText error={error} />}
      {bundleError && <ApiErrorText error={bundleError.error} />}
      <section aria-labelledby="question-sets-title">
        <h2 id="question-sets-title">Question sets</h2>
        <p className="hint">
          A named set of a dataset’s questions: sessions and model runs made from it answer exactly
          the same questions.
        </p>
        {status === 'ready' && <QuestionSetsSection />}
      </section>
      <section aria-labelledby="new-session-title">
        <h2 id="new-session-title">New session</h2>
        {status === 'ready' && <SessionBuilder />}
      </section>
      <section aria-labelledby="sessions-title">
        <h2 id="sessions-title">Sessions</h2>
        <BundleImport />
        {status === 'loading' && <p className="hint">Loading sessions…</p>}
        {status === 'ready' && sessions.length === 0 && <p className="hint">No sessions yet.</p>}
        {sessions.length > 0 && <SessionsTable sessions={sessions} />}
      </section>
    </main>
  );
}
