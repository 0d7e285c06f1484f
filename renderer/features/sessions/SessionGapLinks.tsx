import type { RunSummary } from '../../../shared/runs/run';

/** From a finished session to the gap view against each model run on its dataset. */
export function SessionGapLinks({ sessionId, runs }: { sessionId: number; runs: RunSummary[] }) {
  return (
    <section className="session-gap-links" aria-labelledby="gap-links-title">
      <h2 id="gap-links-title">Against the models</h2>
      {runs.length === 0 ? (
        <p className="hint">
          No run on this dataset yet: import or start one on the <a href="#/runs">Runs</a> screen to
          see the gap.
        </p>
      ) : (
        <ul>
          {runs.map((r) => (
            <li key={r.runId}>
              <a href={`#/gap/${sessionId}/${r.runId}`}>
                Gap vs run #{r.runId} {r.model} · {r.mode ?? 'imported'}
              </a>{' '}
              <span className="hint">{r.done} items</span>
            </li>
          ))}
          {runs.length > 1 && (
            <li>
              <a href={`#/gap/${sessionId}`}>Compare with every run at once</a>
            </li>
          )}
        </ul>
      )}
    </section>
  );
}
