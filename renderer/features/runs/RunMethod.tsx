import { defaultScorerRow } from '../../../shared/grading/default-scorers';
import { IMPORTED_SCORER_ID, type RunManifest } from '../../../shared/runs/run';
import { modeText, scorerLabel } from './run-text';

/**
 * How the run was graded, in sight rather than in the manifest: the mode, each scorer whose
 * verdicts the report holds, with its version, its role and the dataset state it graded against
 * (an imported file's own verdicts say what the file recorded), and the default-scorer table's
 * row for the dataset's format (shared/grading/default-scorers.ts): the scorer the report
 * headlines and the Ask panel, sessions and the gap view grade with.
 */
export function RunMethod({ manifest }: { manifest: RunManifest }) {
  const recorded = manifest.model.params.recordedVerdicts;
  const defaults = defaultScorerRow(manifest.dataset.format);
  const role = (id: string) =>
    id === defaults.scorer
      ? 'default scorer'
      : id === defaults.parity
        ? 'official scorer’s port'
        : 'asked for by name';
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
                — {role(s.id)}, graded here against dataset{' '}
                <code className="hash">
                  {(s.gradedAgainst ?? manifest.dataset.contentHash).slice(0, 12)}
                </code>
              </span>
            )}
          </li>
        ))}
        <li className="method-default">
          Default scorer for {defaults.label}: <strong>{defaults.scorer}</strong>
          {defaults.parity
            ? `, with ${defaults.parity} (the official scorer’s port) beside it`
            : ''}
          <span className="hint">
            {' '}
            — every question type ({defaults.questionTypes}); the Ask panel, expert sessions and the
            gap view grade with it too
          </span>
        </li>
      </ul>
    </section>
  );
}
