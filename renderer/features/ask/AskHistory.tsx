import { askStore, useAsk } from '../../stores/ask';
import { ApiErrorText } from '../../components/ApiErrorText';

/** Earlier asks of this document or question, newest first; one click shows it again. */
export function AskHistory() {
  const history = useAsk((s) => s.history);
  const shownId = useAsk((s) => s.shown?.id);
  return (
    <section className="ask-history" aria-labelledby="ask-history-title">
      <h3 id="ask-history-title">History</h3>
      {history.status === 'loading' && <p className="hint">Loading…</p>}
      {history.status === 'error' && <ApiErrorText error={history.error} />}
      {history.status === 'ready' &&
        (history.asks.length === 0 ? (
          <p className="hint">No questions asked here yet.</p>
        ) : (
          <ul aria-label="Earlier asks">
            {history.asks.map((a) => (
              <li key={a.id}>
                <button
                  type="button"
                  className="history-item"
                  aria-current={a.id === shownId ? 'true' : undefined}
                  onClick={() => askStore.getState().show(a.id)}
                >
                  <span className="history-question">{a.question}</span>
                  <span className="history-answer">
                    {a.grade && (
                      <span className={a.grade.correct ? 'grade-mark correct' : 'grade-mark wrong'}>
                        {a.grade.correct ? '✓' : '✗'}
                      </span>
                    )}
                    {a.answer.text || '—'}
                  </span>
                  <span className="hint history-meta">
                    {a.mode} · {a.model} · {new Date(a.createdAt).toLocaleString()}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
