import type { RefObject } from 'react';
import { libraryStore } from '../../stores/library';

/**
 * The Library's header: open the sample filing, import files (the hidden file input is the
 * browser's picker, also opened by Ctrl+O).
 */
export function LibraryHeader({
  busy,
  fileInput,
  onSample,
  onImport,
}: {
  busy: boolean;
  fileInput: RefObject<HTMLInputElement | null>;
  onSample: () => void;
  onImport: () => void;
}) {
  return (
    <header className="screen-header">
      <h1>Library</h1>
      <div className="actions">
        <button onClick={onSample} disabled={busy}>
          Open sample filing
        </button>
        <button className="primary" onClick={onImport} disabled={busy}>
          Import files…
        </button>
      </div>
      <input
        ref={fileInput}
        type="file"
        multiple
        hidden
        data-testid="file-input"
        onChange={(e) => {
          const files = [...(e.currentTarget.files ?? [])];
          e.currentTarget.value = '';
          if (files.length) void libraryStore.getState().importFiles(files);
        }}
      />
    </header>
  );
}
