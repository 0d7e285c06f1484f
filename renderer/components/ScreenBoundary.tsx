import { Component, type ErrorInfo, type ReactNode } from 'react';
import { failuresStore, useFailures } from '../stores/failures';

interface Props {
  /** The screen's name, as the log records it (e.g. "document 12"). */
  screen: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  key: string;
}

/**
 * One screen that throws while rendering shows what failed instead of taking the window (and
 * the sidebar) down with it; the failure goes to the workspace's log at once, and the screen
 * says where that log is. "Try again" renders the screen anew, "Reload the window" fetches its
 * data anew too; any other screen still works.
 * The error's text is shown as text, never as markup (it may quote a document's content).
 */
export class ScreenBoundary extends Component<Props, State> {
  override state: State = { error: null, key: '' };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return {
      error: error instanceof Error ? error : new Error(String(error)),
      key: `${Date.now()}-${Math.random()}`,
    };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const e = error instanceof Error ? error : new Error(String(error));
    void failuresStore.getState().report(this.state.key, {
      screen: this.props.screen.slice(0, 200),
      message: e.message.slice(0, 4_000),
      ...(e.stack ? { stack: e.stack.slice(0, 20_000) } : {}),
      ...(info.componentStack ? { componentStack: info.componentStack.slice(0, 20_000) } : {}),
    });
  }

  override render(): ReactNode {
    const { error, key } = this.state;
    if (error === null) return this.props.children;
    return (
      <main className="screen screen-failed" role="alert" aria-labelledby="screen-failed-title">
        <h1 id="screen-failed-title">This screen failed</h1>
        <p className="error">{error.message || error.name}</p>
        <ReportStatus reportKey={key} />
        <p>
          Nothing you saved is lost. Other screens still work from the sidebar.{' '}
          <button type="button" onClick={() => this.setState({ error: null, key: '' })}>
            Try again
          </button>{' '}
          {/* The data the screen holds may be what broke it: a reload fetches it anew. */}
          <button type="button" onClick={() => window.location.reload()}>
            Reload the window
          </button>
        </p>
        <details>
          <summary>Details</summary>
          <pre className="failure-stack">{error.stack ?? error.message}</pre>
        </details>
      </main>
    );
  }
}

function ReportStatus({ reportKey }: { reportKey: string }) {
  const outcome = useFailures((s) => s.reports[reportKey]);
  if (outcome === undefined || outcome.status === 'sending')
    return <p className="hint">Writing the failure to the log…</p>;
  if (outcome.status === 'not-written')
    return <p className="hint">The failure could not be written to the log: {outcome.reason}</p>;
  return (
    <p className="hint" role="status">
      {outcome.logFile === null ? (
        'Written to the log on the server’s standard error.'
      ) : (
        <>
          Written to the log: <code className="log-file">{outcome.logFile}</code> (attach it to a
          report)
        </>
      )}
    </p>
  );
}
