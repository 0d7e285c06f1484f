import { useEffect, useRef, useState, type DragEvent } from 'react';
import { api } from '../../api/client';
import { useLibrary } from '../../stores/library';
import { DatasetTable } from './DatasetTable';
import { DocumentTable } from './DocumentTable';
import { EmptyLibrary } from './EmptyLibrary';
import { ImportReport } from './ImportReport';

export function LibraryScreen() {
  const { documents, datasets, loaded, busy, error, lastImport, progress, datasetNotice } =
    useLibrary((s) => s);
  const actions = useLibrary((s) => s);
  const fileInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  // Electron has a native dialog (main owns file paths); the browser uses its own picker.
  const openImport = () => {
    if (api.transport === 'electron') void actions.pickAndImport();
    else fileInput.current?.click();
  };

  useEffect(() => {
    void actions.refresh();
  }, [actions]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'o' && api.transport === 'web') {
        e.preventDefault();
        fileInput.current?.click();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const files = [...e.dataTransfer.files];
    if (files.length) void actions.importFiles(files);
  };

  return (
    <main
      className={dragging ? 'screen dragging' : 'screen'}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <header className="screen-header">
        <h1>Library</h1>
        <div className="actions">
          <button onClick={() => void actions.importSample()} disabled={busy}>
            Open sample filing
          </button>
          <button className="primary" onClick={openImport} disabled={busy}>
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
            if (files.length) void actions.importFiles(files);
          }}
        />
      </header>

      {busy && (
        <div
          className="progress"
          role="progressbar"
          aria-label="Importing"
          aria-valuemin={0}
          aria-valuemax={progress?.total ?? 1}
          aria-valuenow={progress?.done ?? 0}
        >
          Importing
          {progress
            ? ` ${progress.label} (${Math.round((100 * progress.done) / Math.max(progress.total, 1))}%)`
            : '…'}
        </div>
      )}
      {error && (
        <p className="error" role="alert">
          {error.message}
        </p>
      )}
      <ImportReport items={lastImport} onDismiss={() => actions.dismissImport()} />

      {!loaded ? (
        <p className="hint">Loading…</p>
      ) : documents.length === 0 ? (
        <EmptyLibrary
          onSample={() => void actions.importSample()}
          onImport={openImport}
          busy={busy}
        />
      ) : (
        <DocumentTable
          documents={documents}
          busy={busy}
          onReadDataset={(d, format) => void actions.readDataset(d.id, format)}
          onRemove={(d) => {
            if (window.confirm(`Remove ${d.name} from the library? Its stored copy is deleted.`))
              void actions.remove(d.id);
          }}
        />
      )}
      {datasetNotice && (
        <p
          className={datasetNotice.ok ? 'notice' : 'error'}
          role={datasetNotice.ok ? 'status' : 'alert'}
        >
          {datasetNotice.message}
        </p>
      )}
      <DatasetTable
        datasets={datasets}
        onRemove={(d) => {
          if (window.confirm(`Remove dataset ${d.name} and its ${d.questionCount} questions?`))
            void actions.removeDataset(d.id);
        }}
      />
      {dragging && <div className="drop-overlay">Drop files to import them</div>}
    </main>
  );
}
