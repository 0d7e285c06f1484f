import { useEffect, useMemo, useRef, useState } from 'react';
import { evidenceKey } from '../../../shared/document/evidence';
import { documentStore, useDocument } from '../../stores/document';
import { useLibrary } from '../../stores/library';
import { navigationStore } from '../../stores/navigation';
import { CellDetails } from './CellDetails';
import { DocumentBody } from './DocumentBody';
import { DocumentWarnings } from './DocumentWarnings';
import { findMatches } from './find-matches';
import { Outline } from './Outline';
import { ParseProgress } from './ParseProgress';
import { PdfPageView } from './PdfPageView';

const scrollToBlock = (id: string) =>
  document.getElementById(id)?.scrollIntoView({ block: 'start' });

export function DocumentScreen({ id, tableId }: { id: number; tableId?: string }) {
  const s = useDocument((st) => st);
  // The name is known from the library before the (maybe long) parse answers.
  const listedName = useLibrary((l) => l.documents.find((d) => d.id === id)?.name);
  const findInput = useRef<HTMLInputElement>(null);
  const [matchIndex, setMatchIndex] = useState(-1);

  useEffect(() => {
    void documentStore.getState().open(id);
  }, [id]);

  useEffect(() => {
    if (s.status === 'ready' && tableId) requestAnimationFrame(() => scrollToBlock(tableId));
  }, [s.status, tableId]);

  const matches = useMemo(() => (s.model ? findMatches(s.model, s.query) : []), [s.model, s.query]);
  const tableIds = useMemo(() => new Set(s.model?.tables.map((t) => t.id)), [s.model]);
  const goToTable = (t: string) =>
    navigationStore.getState().go({ screen: 'document', id, tableId: t });

  const selected = useMemo(() => {
    if (!s.model || !s.selected) return undefined;
    const table = s.model.tables.find((t) => t.id === s.selected!.tableId);
    const cell = table?.cells.find(
      (c) => c.sourceRow === s.selected!.sourceRow && c.sourceCol === s.selected!.sourceCol,
    );
    return table && cell ? { table, cell } : undefined;
  }, [s.model, s.selected]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'f') {
        e.preventDefault();
        findInput.current?.focus();
        findInput.current?.select();
      }
      const typing = e.target instanceof HTMLInputElement;
      if (!typing && e.key === 'e' && s.selected)
        void s.toggleEvidence({ type: 'cell', ...s.selected });
      if (!typing && e.key === 'Escape') s.select(undefined);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [s]);

  const goToMatch = (delta: number) => {
    if (matches.length === 0) return;
    const from = matchIndex < 0 && delta < 0 ? 0 : matchIndex;
    const next = (from + delta + matches.length) % matches.length;
    setMatchIndex(next);
    scrollToBlock(matches[next]!.blockId);
  };

  const header = (
    <header className="screen-header">
      <div>
        <a
          href="#/library"
          className="back"
          onClick={(e) => (
            e.preventDefault(),
            navigationStore.getState().go({ screen: 'library' })
          )}
        >
          ← Library
        </a>
        <h1>{s.document?.name ?? listedName ?? 'Document'}</h1>
        {s.status === 'ready' && s.model?.pageCount !== undefined && (
          <p className="doc-meta">
            {s.model.pageCount === 1 ? '1 page' : `${s.model.pageCount} pages`}
          </p>
        )}
      </div>
      {s.status === 'ready' && (
        <div className="find" role="search">
          <input
            ref={findInput}
            type="search"
            placeholder="Find in document (Ctrl+F)"
            aria-label="Find in document"
            value={s.query}
            onChange={(e) => {
              s.setQuery(e.currentTarget.value);
              setMatchIndex(-1);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') goToMatch(e.shiftKey ? -1 : 1);
              if (e.key === 'Escape') s.setQuery('');
            }}
          />
          <span className="hint" aria-live="polite">
            {s.query.trim()
              ? `${matches.reduce((n, m) => n + m.count, 0)} matches in ${matches.length} blocks`
              : ''}
          </span>
        </div>
      )}
    </header>
  );

  if (s.status === 'loading' || s.status === 'idle') {
    return (
      <main className="screen">
        {header}
        <ParseProgress />
      </main>
    );
  }
  if (s.status === 'error' || !s.model) {
    return (
      <main className="screen">
        {header}
        <p className="error" role="alert">
          {s.error?.message ?? 'This document could not be opened.'}
        </p>
      </main>
    );
  }

  return (
    <main className="screen document-screen">
      {header}
      <DocumentWarnings
        key={id}
        warnings={s.model.warnings}
        tableIds={tableIds}
        onTable={goToTable}
      />
      <div className="document-layout">
        <Outline
          model={s.model}
          activeTableId={tableId}
          onTable={goToTable}
          onHeading={scrollToBlock}
        />
        <div
          className={s.document?.kind === 'pdf' ? 'document-content pdf-split' : 'document-content'}
        >
          {s.document?.kind === 'pdf' && (
            <PdfPageView documentId={id} model={s.model} focusTableId={tableId} />
          )}
          <DocumentBody
            model={s.model}
            marks={s.marks}
            query={s.query}
            selected={s.selected}
            focusTableId={tableId}
            onSelect={(c) => s.select(c)}
            onToggleParagraph={(blockId) => void s.toggleEvidence({ type: 'paragraph', blockId })}
          />
        </div>
        {selected && (
          <CellDetails
            table={selected.table}
            cell={selected.cell}
            marked={s.marks.has(evidenceKey({ type: 'cell', ...s.selected! }))}
            onToggleEvidence={() => void s.toggleEvidence({ type: 'cell', ...s.selected! })}
            onClose={() => s.select(undefined)}
          />
        )}
      </div>
    </main>
  );
}
