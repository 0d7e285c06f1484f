import { useEffect, useRef } from 'react';
import { api } from '../../api/client';
import { useLibrary } from '../../stores/library';
import { DatasetTable } from './DatasetTable';
import { EmptyLibrary } from './EmptyLibrary';
import { ImportProgressBar } from './ImportProgressBar';
import { ImportReport } from './ImportReport';
import { LibraryDocuments } from './LibraryDocuments';
import { confirmRemoveDocument, confirmRemoveDataset } from './library-confirm';
import { LibraryHeader } from './LibraryHeader';
import { useFileDrop } from './use-file-drop';
import { useImportShortcut } from './use-import-shortcut';
import { useShownDocuments } from './use-shown-documents';

export function LibraryScreen() {
  const {
    documents,
    datasets,
    loaded,
    busy,
    error,
    lastImport,
    progress,
    datasetNotice,
    view,
    grouping,
    formatGuesses,
  } = useLibrary((s) => s);
  const actions = useLibrary((s) => s);
  const fileInput = useRef<HTMLInputElement>(null);
  const { dragging, dropProps } = useFileDrop();

  // Electron has a native dialog (main owns file paths); the browser uses its own picker.
  const openImport = () => {
    if (api.transport === 'electron') void actions.pickAndImport();
    else fileInput.current?.click();
  };

  useEffect(() => {
    void actions.load();
  }, [actions]);

  useEffect(() => {
    for (const d of documents) if (d.kind === 'dataset') void actions.loadFormatGuess(d.id);
  }, [documents, actions]);

  const { shown, counts, groups } = useShownDocuments(documents, view, grouping);
  const openSample = () =>
    void actions.openSample().then((id) => {
      if (id !== undefined) window.location.hash = `#/document/${id}`;
    });
  useImportShortcut(fileInput);

  return (
    <main className={dragging ? 'screen dragging' : 'screen'} {...dropProps}>
      <LibraryHeader
        busy={busy}
        fileInput={fileInput}
        onSample={openSample}
        onImport={openImport}
      />
      {busy && <ImportProgressBar progress={progress} />}
      {error && (
        <p className="error" role="alert">
          {error.message}
        </p>
      )}
      <ImportReport items={lastImport} onDismiss={() => actions.dismissImport()} />

      {!loaded ? (
        <p className="hint">Loading…</p>
      ) : documents.length === 0 ? (
        <EmptyLibrary onSample={openSample} onImport={openImport} busy={busy} />
      ) : (
        <LibraryDocuments
          documents={documents}
          shown={shown}
          counts={counts}
          groups={groups}
          view={view}
          grouping={grouping}
          formatGuesses={formatGuesses}
          busy={busy}
          onRemove={confirmRemoveDocument}
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
      <DatasetTable datasets={datasets} onRemove={confirmRemoveDataset} />
      {dragging && <div className="drop-overlay">Drop files to import them</div>}
    </main>
  );
}
