import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { api } from '../../api/client';
import { useLibrary } from '../../stores/library';
import { groupByCompany } from '../../../shared/library/company-groups';
import {
  kindCounts,
  narrowDocuments,
  sortDocuments,
  warmSearch,
  type KindFilter,
} from '../../stores/library/library-view';
import type { Grouping } from '../../stores/library/grouping';
import { CompanyGroups } from './CompanyGroups';
import { DatasetTable } from './DatasetTable';
import { DocumentTable } from './DocumentTable';
import { EmptyLibrary } from './EmptyLibrary';
import { ImportReport } from './ImportReport';
import { kindLabel } from './format';

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
  const [dragging, setDragging] = useState(false);

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

  // Sorted once per list and sort; a keystroke in the search only filters (order kept).
  const sorted = useMemo(() => sortDocuments(documents, view.sort), [documents, view.sort]);
  // Each keystroke that extends the query searches only the previous matches (kept in state,
  // updated in the same render: React's state-from-props pattern).
  const [filter, setFilter] = useState(() => narrowDocuments(undefined, sorted, view));
  let current = filter;
  if (
    filter.source !== sorted ||
    filter.kind !== view.kind ||
    filter.query !== view.query.toLowerCase()
  ) {
    current = narrowDocuments(filter, sorted, view);
    setFilter(current);
  }
  const shown = current.result;
  // The search text of every document is made while the page is idle, before the first key.
  useEffect(() => warmSearch(documents), [documents]);
  const counts = useMemo(() => kindCounts(documents), [documents]);
  const groups = useMemo(
    () => (grouping === 'company' ? groupByCompany(shown) : []),
    [grouping, shown],
  );
  const confirmRemove = (d: { id: number; name: string }) => {
    if (window.confirm(`Remove ${d.name} from the library? Its stored copy is deleted.`))
      void actions.remove(d.id);
  };
  const openSample = () =>
    void actions.openSample().then((id) => {
      if (id !== undefined) window.location.hash = `#/document/${id}`;
    });

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
          <button onClick={openSample} disabled={busy}>
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
        <EmptyLibrary onSample={openSample} onImport={openImport} busy={busy} />
      ) : (
        <>
          <div className="library-toolbar" role="search">
            <input
              type="search"
              aria-label="Search documents"
              placeholder="Search name, company, form, year…"
              value={view.query}
              onChange={(e) => actions.setQuery(e.currentTarget.value)}
            />
            <select
              aria-label="Kind"
              value={view.kind}
              onChange={(e) => actions.setKindFilter(e.currentTarget.value as KindFilter)}
            >
              <option value="all">All kinds ({documents.length})</option>
              {[...counts].map(([kind, n]) => (
                <option key={kind} value={kind}>
                  {kindLabel[kind] ?? kind} ({n})
                </option>
              ))}
            </select>
            <select
              aria-label="Group"
              value={grouping}
              onChange={(e) => actions.setGrouping(e.currentTarget.value as Grouping)}
            >
              <option value="list">One list</option>
              <option value="company">Group by company</option>
            </select>
            <span className="hint" role="status" aria-live="polite">
              {shown.length === documents.length
                ? `${documents.length} documents`
                : `${shown.length} of ${documents.length} documents`}
            </span>
          </div>
          {grouping === 'company' ? (
            <CompanyGroups
              groups={groups}
              viewKey={`${view.query}\u0000${view.kind}`}
              formatGuesses={formatGuesses}
              busy={busy}
              onReadDataset={(d, format) => void actions.readDataset(d.id, format)}
              onRemove={confirmRemove}
            />
          ) : (
            <DocumentTable
              documents={shown}
              viewKey={`${view.query}\u0000${view.kind}\u0000${view.sort.key}\u0000${view.sort.direction}`}
              sort={view.sort}
              formatGuesses={formatGuesses}
              onSort={(key) => actions.sortBy(key)}
              busy={busy}
              onReadDataset={(d, format) => void actions.readDataset(d.id, format)}
              onRemove={confirmRemove}
            />
          )}
          {shown.length === 0 && (
            <p className="hint">
              No document matches.{' '}
              <button
                className="link"
                onClick={() => {
                  actions.setQuery('');
                  actions.setKindFilter('all');
                }}
              >
                Show all
              </button>
            </p>
          )}
        </>
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
