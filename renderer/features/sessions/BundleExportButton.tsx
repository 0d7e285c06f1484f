import { bundleStore, useBundles } from '../../stores/sessions';

/** Downloads a finished session as a signed-off bundle for another machine. */
export function BundleExportButton({ sessionId }: { sessionId: number }) {
  const busy = useBundles((s) => s.exporting === sessionId);
  const saved = useBundles((s) => (s.exported?.sessionId === sessionId ? s.exported.name : ''));
  return (
    <>
      <button
        type="button"
        className="link"
        disabled={busy}
        title="The session with its questions (by id), documents (by hash), answers and events, signed off, for another machine's workspace"
        onClick={() => void bundleStore.getState().exportBundle(sessionId)}
      >
        {busy ? 'Exporting…' : 'Export bundle'}
      </button>
      {saved && (
        <span className="hint" role="status">
          Saved {saved}
        </span>
      )}
    </>
  );
}
