import { reportMethod } from '../../../shared/runs/method';
import type { RunManifest } from '../../../shared/runs/run';
import { MethodList } from './MethodList';
import { modeText } from './run-text';

/**
 * How the run was graded, in sight rather than in the manifest: the mode, each scorer whose
 * verdicts the report holds, with its version, its role and the dataset state it graded against
 * (an imported file's own verdicts say what the file recorded), and the default-scorer table's
 * row for the dataset's format (shared/grading/default-scorers.ts): the scorer the report
 * headlines and the Ask panel, sessions and the gap view grade with.
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
      <MethodList
        method={reportMethod(
          manifest,
          manifest.scorers.map((s) => ({ scorer: s.id, version: s.version })),
        )}
        imported={typeof recorded === 'string' ? ` (${recorded})` : ''}
      />
    </section>
  );
}
