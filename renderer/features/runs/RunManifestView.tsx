import type { RunManifest } from '../../../shared/runs/run';
import { RunMethod } from './RunMethod';

/**
 * What the run is: dataset and its hash, model and parameters, scorers, the imported file (in
 * a closed manifest), then the method in sight: which scorers graded, with their versions.
 */
export function RunManifestView({ manifest }: { manifest: RunManifest }) {
  const imp = manifest.imported;
  return (
    <>
      <details className="run-manifest">
        <summary>Manifest</summary>
        <dl>
          <dt>Dataset</dt>
          <dd>
            {manifest.dataset.name} ({manifest.dataset.format}, {manifest.dataset.questionCount}{' '}
            questions) <code className="hash">{manifest.dataset.contentHash.slice(0, 16)}</code>
          </dd>
          {manifest.subset && (
            <>
              <dt>Subset</dt>
              <dd>
                {manifest.subset.filter} ({manifest.subset.questionCount} questions)
              </dd>
            </>
          )}
          <dt>Model</dt>
          <dd>
            {manifest.model.id}
            {manifest.model.provider ? ` via ${manifest.model.provider}` : ''}
            {Object.keys(manifest.model.params).length > 0 && (
              <code> {JSON.stringify(manifest.model.params)}</code>
            )}
          </dd>
          <dt>Scorers</dt>
          <dd>{manifest.scorers.map((s) => `${s.id} ${s.version}`).join(', ')}</dd>
          {manifest.templateHash && (
            <>
              <dt>Template</dt>
              <dd>
                <code className="hash">{manifest.templateHash.slice(0, 16)}</code>
              </dd>
            </>
          )}
          <dt>App version</dt>
          <dd>{manifest.appVersion}</dd>
          {imp && (
            <>
              <dt>Imported file</dt>
              <dd>
                {imp.file} ({imp.format}, {imp.records} records){' '}
                <code className="hash">{imp.sha256.slice(0, 16)}</code>
                {imp.unknownIds.count > 0 && (
                  <div>
                    {imp.unknownIds.count} ids not in the dataset:{' '}
                    {imp.unknownIds.examples.join(', ')}
                  </div>
                )}
                {imp.unreadable.count > 0 && <div>{imp.unreadable.count} unreadable records</div>}
                {imp.duplicates.count > 0 && <div>{imp.duplicates.count} duplicate ids</div>}
              </dd>
            </>
          )}
        </dl>
      </details>
      <RunMethod manifest={manifest} />
    </>
  );
}
