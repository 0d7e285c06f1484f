import { IMPORTED_SCORER_ID, type RunManifest } from '../../../shared/runs/run';
import { modeText, scorerLabel } from './run-text';

/**
 * How the run was graded, in sight rather than in the manifest: the mode, and each scorer whose
 * verdicts the report holds, with its version and the dataset state it graded against (an
 * imported file's own verdicts say what the file recorded).
 */
export function RunMethod({ manifest }: { manifest: RunManifest }) {
  const recorded = manifest.model.params.recordedVerdicts;
  return (
    <section aria-labelledby="run-method" className="run-method">
      <h2 id="run-method">Method</h2>
      <p>
        {manifest.mode ? modeText(manifest.mode) : 'Mode not recorded'}
        {manifest.engine ? ` · template ${manifest.engine.templateId}` : ''}
        {manifest.imported ? ` · imported from ${manifest.imported.file}` : ''}
      </p>
      <ul aria-label="Scorers">
        {manifest.scorers.map((s) => (
          <li key={s.id}>
            <strong>{scorerLabel(s.id)}</strong> <span className="scorer-version">{s.version}</span>
            {s.id === IMPORTED_SCORER_ID ? (
              <span className="hint">
                {' '}
                — the file's own verdicts
                {typeof recorded === 'string' ? ` (${recorded})` : ''}
              </span>
            ) : (
              <span className="hint">
                {' '}
                — graded here against dataset{' '}
                <code className="hash">
                  {(s.gradedAgainst ?? manifest.dataset.contentHash).slice(0, 12)}
                </code>
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
