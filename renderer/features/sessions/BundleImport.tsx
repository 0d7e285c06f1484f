import { useId, useRef, useState } from 'react';
import { bundleStore, useBundles } from '../../stores/sessions';
import { UnsignedMark } from './UnsignedMark';
import '../../components/api-error.css';

/**
 * Import a bundle another expert exported on their machine. Main checks its signature and says
 * who signed it (name and key fingerprint, to compare with the expert's). Refusals (a newer
 * version, a file changed after it was signed, one imported already, a dataset not here) are
 * said as main words them. An older, unsigned bundle is let in only when the box is ticked for
 * that import, and is marked unsigned wherever agreement is shown.
 */
export function BundleImport() {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [allowUnsigned, setAllowUnsigned] = useState(false);
  const importing = useBundles((s) => s.importing);
  const imported = useBundles((s) => s.imported);
  const refused = useBundles((s) => s.importError);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const bytes = new Uint8Array(await file.arrayBuffer());
    await bundleStore.getState().importBundle(file.name, bytes, { allowUnsigned });
    // The consent is for one file: the next unsigned bundle asks again.
    setAllowUnsigned(false);
    // The same file can be picked again (to see its refusal again, say).
    if (input.current) input.current.value = '';
  };

  return (
    <div className="bundle-import">
      <button type="button" disabled={importing} onClick={() => input.current?.click()}>
        {importing ? 'Importing…' : 'Import bundle…'}
      </button>
      <label className="allow-unsigned" htmlFor={`${id}-unsigned`}>
        <input
          id={`${id}-unsigned`}
          type="checkbox"
          checked={allowUnsigned}
          onChange={(e) => setAllowUnsigned(e.currentTarget.checked)}
        />{' '}
        Accept an unsigned (older) bundle
      </label>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid="bundle-file"
        onChange={(e) => void pick(e.currentTarget.files?.[0])}
      />
      {imported && (
        <p role="status">
          Imported {imported.name} as{' '}
          <a href={`#/session/${imported.sessionId}/results`}>session #{imported.sessionId}</a>
          {imported.signer.state === 'signed' ? (
            <>
              {' '}
              · signed by {imported.signer.name}, key{' '}
              <span className="signer-fingerprint">{imported.signer.fingerprint}</span>
            </>
          ) : (
            <>
              {' '}
              · {imported.signer.name} <UnsignedMark />
            </>
          )}
          {imported.study.sessionIds.length > 1 &&
            ` · ${imported.study.sessionIds.length} sessions on these questions`}
          {imported.warnings.map((w) => (
            <span key={w} className="hint">
              {' '}
              Warning: {w}
            </span>
          ))}
        </p>
      )}
      {refused && (
        // Main's message says why (newer version, changed after signing, imported already, no
        // dataset here); the generic headlines would misname a refusal as a missing feature.
        <div className="bundle-refused api-error" role="alert">
          <strong>{refused.name} was not imported</strong>{' '}
          <code className="error-code">{refused.error.code}</code>
          <p>{refused.error.message}</p>
        </div>
      )}
    </div>
  );
}
