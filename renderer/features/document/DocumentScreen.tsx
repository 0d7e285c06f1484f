import { useEffect, useMemo, useRef, useState } from 'react';
import { evidenceKey } from '../../../shared/document/evidence';
import type { EvidenceTarget } from '../../../shared/document/evidence';
import { askStore, useAsk } from '../../stores/ask';
import { documentStore, useDocument } from '../../stores/document';
import { useLibrary } from '../../stores/library';
import { navigationStore } from '../../stores/navigation';
import { AskPanel } from '../ask/AskPanel';
import { readMarks } from '../../components/evidence/read-marks';
import { goToTarget } from '../../components/evidence/go-to-target';
import { cellAt } from '../../../shared/document/grid-layout';
import { companyKeyOf } from '../../../shared/library/company-groups';
import { CellDetails } from './CellDetails';
import { DocumentBody, preloadTableGrid, revealDocument } from './DocumentBody';
import { DocumentWarnings } from './DocumentWarnings';
import { EvidencePanel } from './EvidencePanel';
import { findHits, findMatches, findStatus, stepHit, type FindHit } from './find-matches';
import { isTypingTarget } from '../../components/typing-target';
import { Outline } from './Outline';
import { ParseProgress } from './ParseProgress';
import { preloadPdf, releasePdf } from '../../stores/document/pdf-original';
import { PdfPageView } from './PdfPageView';
import { PdfSplitPane } from './PdfSplitPane';

/** Scrolls to a block, drawing the rest of the document first if it is not drawn yet. */
function scrollToBlock(id: string) {
  if (!document.getElementById(id)) revealDocument();
  document.getElementById(id)?.scrollIntoView({ block: 'start' });
}

/**
 * Brings one occurrence into view: in a paragraph its <mark> (marked as the current one), in a
 * table the block (the grid outlines every matching cell).
 */
function showHit(hit: FindHit) {
  for (const m of document.querySelectorAll('mark.find-current'))
    m.classList.remove('find-current');
  if (!document.getElementById(hit.blockId)) revealDocument();
  const block = document.getElementById(hit.blockId);
  const mark = block?.querySelectorAll('mark')[hit.nth];
  if (mark) {
    mark.classList.add('find-current');
    mark.scrollIntoView({ block: 'center' });
  } else block?.scrollIntoView({ block: 'start' });
}

export function DocumentScreen({
  id,
  tableId,
  cell,
}: {
  id: number;
  tableId?: string;
  /** A grid position in `tableId` to select (a link from the Facts panel). */
  cell?: { row: number; col: number };
}) {
  // Only the slices this screen shows: parse progress events re-render ParseProgress, not this.
  const status = useDocument((st) => st.status);
  const model = useDocument((st) => st.model);
  const error = useDocument((st) => st.error);
  const name = useDocument((st) => st.document?.name);
  const kind = useDocument((st) => st.document?.kind);
  const query = useDocument((st) => st.query);
  const marks = useDocument((st) => st.marks);
  const markTargets = useDocument((st) => st.markTargets);
  const cellRef = useDocument((st) => st.selected);
  // Actions never change: called through documentStore.getState(), not subscribed to.
  // The name is known from the library before the (maybe long) parse answers.
  const listedName = useLibrary((l) => l.documents.find((d) => d.id === id)?.name);
  // A PDF is known as one before its parse ends (from the library's list, or from the parse's
  // progress, counted in pages): its page is shown while its tables are read.
  const listedKind = useLibrary((l) => l.documents.find((d) => d.id === id)?.kind);
  // The filer, for the cell panel's "Chart this row" (the Facts panel of its company).
  const listed = useLibrary((l) => l.documents.find((d) => d.id === id));
  const company = listed ? companyKeyOf(listed) : null;
  const parsingPages = useDocument(
    (st) => st.status === 'loading' && st.openId === id && st.progress?.unit === 'pages',
  );
  const isPdf =
    status === 'ready'
      ? kind === 'pdf'
      : status !== 'error' && (listedKind === 'pdf' || parsingPages);
  const findInput = useRef<HTMLInputElement>(null);
  const [matchIndex, setMatchIndex] = useState(-1);
  // The Ask panel: open or not, the cells its shown answer read, and the PDF page it went to.
  const askOpen = useAsk((s) => s.panelOpen);
  const asked = useAsk((s) => s.shown);
  const readCells = useMemo(() => readMarks(asked, model, id).cells, [asked, model, id]);
  // A page the panel went to holds while the route's table is the one it was set with.
  const [askPage, setAskPage] = useState<{ page: number; tableId?: string }>();

  useEffect(() => {
    void documentStore.getState().open(id);
    // The grid's code loads while the document is read.
    preloadTableGrid();
    // Leaving the document lets go of its PDF and pdf.js worker.
    return () => releasePdf();
  }, [id]);

  useEffect(() => {
    if (isPdf) preloadPdf(id);
  }, [isPdf, id]);

  useEffect(() => {
    if (status === 'ready' && tableId) requestAnimationFrame(() => scrollToBlock(tableId));
  }, [status, tableId]);

  // A link to a cell (the Facts panel's values) selects it once the document is read.
  const cellRow = cell?.row;
  const cellCol = cell?.col;
  useEffect(() => {
    if (status !== 'ready' || !model || !tableId || cellRow === undefined || cellCol === undefined)
      return;
    const table = model.tables.find((t) => t.id === tableId);
    const at = table ? cellAt(table, cellRow, cellCol) : undefined;
    if (at) documentStore.getState().select({ tableId, ...at });
  }, [status, model, tableId, cellRow, cellCol]);

  const matches = useMemo(() => (model ? findMatches(model, query) : []), [model, query]);
  const hits = useMemo(() => findHits(matches), [matches]);
  const tableIds = useMemo(() => new Set(model?.tables.map((t) => t.id)), [model]);
  const goToTable = (t: string) =>
    navigationStore.getState().go({ screen: 'document', id, tableId: t });

  const selected = useMemo(() => {
    if (!model || !cellRef) return undefined;
    const table = model.tables.find((t) => t.id === cellRef.tableId);
    const cell = table?.cells.find(
      (c) => c.sourceRow === cellRef.sourceRow && c.sourceCol === cellRef.sourceCol,
    );
    return table && cell ? { table, cell } : undefined;
  }, [model, cellRef]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'f') {
        e.preventDefault();
        findInput.current?.focus();
        findInput.current?.select();
      }
      // The Ask panel's question box is a textarea: "e" typed there is text, not a mark.
      const typing = isTypingTarget(e.target);
      if (!typing && e.key === 'e' && cellRef)
        void documentStore.getState().toggleEvidence({ type: 'cell', ...cellRef });
      if (!typing && e.key === 'Escape') documentStore.getState().select(undefined);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [cellRef]);

  const goToAsked = (t: EvidenceTarget, page?: number) => {
    const routeTable =
      t.type === 'cell' || t.type === 'row' || t.type === 'table' ? t.tableId : tableId;
    setAskPage(
      page === undefined ? undefined : { page, ...(routeTable ? { tableId: routeTable } : {}) },
    );
    if (t.type === 'cell')
      documentStore
        .getState()
        .select({ tableId: t.tableId, sourceRow: t.sourceRow, sourceCol: t.sourceCol });
    if (t.type === 'cell' || t.type === 'row' || t.type === 'table') goToTable(t.tableId);
    // A paragraph may be in the part of the document not drawn yet.
    else revealDocument();
    goToTarget(t);
  };

  const goToMatch = (delta: 1 | -1) => {
    const next = stepHit(matchIndex, delta, hits.length);
    if (next < 0) return;
    setMatchIndex(next);
    showHit(hits[next]!);
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
        <h1>{name ?? listedName ?? 'Document'}</h1>
        {status === 'ready' && model?.pageCount !== undefined && (
          <p className="doc-meta">
            {model.pageCount === 1 ? '1 page' : `${model.pageCount} pages`}
          </p>
        )}
      </div>
      {status === 'ready' && (
        <div className="find" role="search">
          <input
            ref={findInput}
            type="search"
            placeholder="Find in document (Ctrl+F)"
            aria-label="Find in document"
            value={query}
            onChange={(e) => {
              documentStore.getState().setQuery(e.currentTarget.value);
              setMatchIndex(-1);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') goToMatch(e.shiftKey ? -1 : 1);
              if (e.key === 'Escape') documentStore.getState().setQuery('');
            }}
          />
          <button
            className="find-step"
            onClick={() => goToMatch(-1)}
            disabled={hits.length === 0}
            aria-label="Previous match"
            title="Previous match (Shift+Enter)"
          >
            ↑
          </button>
          <button
            className="find-step"
            onClick={() => goToMatch(1)}
            disabled={hits.length === 0}
            aria-label="Next match"
            title="Next match (Enter)"
          >
            ↓
          </button>
          <span className="hint" aria-live="polite">
            {findStatus(query, hits.length, matches.length, matchIndex)}
          </span>
        </div>
      )}
      {status === 'ready' && (
        <button
          type="button"
          className="ask-toggle"
          aria-pressed={askOpen}
          onClick={() => askStore.getState().setPanelOpen(!askOpen)}
        >
          Ask
        </button>
      )}
    </header>
  );

  // A PDF's page is shown while it is parsed, in the place (and the same component, keeping its
  // page and zoom) where it stays once the tables are read.
  const parsing = status === 'loading' || status === 'idle';
  if (parsing && !isPdf) {
    return (
      <main className="screen">
        {header}
        <ParseProgress />
      </main>
    );
  }
  if (!parsing && (status === 'error' || !model)) {
    return (
      <main className="screen">
        {header}
        <p className="error" role="alert">
          {error?.message ?? 'This document could not be opened.'}
        </p>
      </main>
    );
  }

  return (
    <main className="screen document-screen">
      {header}
      {model && (
        <DocumentWarnings
          key={id}
          warnings={model.warnings}
          tableIds={tableIds}
          onTable={goToTable}
        />
      )}
      {model && (
        <EvidencePanel
          model={model}
          documentName={name ?? listedName ?? `document-${id}`}
          targets={markTargets}
          onJump={(t) => {
            if (t.type === 'paragraph') scrollToBlock(t.blockId);
            else {
              documentStore
                .getState()
                .select({ tableId: t.tableId, sourceRow: t.sourceRow, sourceCol: t.sourceCol });
              goToTable(t.tableId);
            }
          }}
          onUnmark={(t) => void documentStore.getState().toggleEvidence(t)}
        />
      )}
      <div className="document-layout">
        {/* While a PDF is parsed its outline's room is kept, so the page does not move. */}
        {model ? (
          <Outline
            model={model}
            activeTableId={tableId}
            onTable={goToTable}
            onHeading={scrollToBlock}
          />
        ) : (
          <div className="outline" aria-hidden="true" />
        )}
        <div className={isPdf ? 'document-content pdf-split' : 'document-content'}>
          {isPdf && (
            <PdfSplitPane>
              <PdfPageView
                documentId={id}
                model={model}
                focusTableId={tableId}
                focusPage={askPage?.tableId === tableId ? askPage?.page : undefined}
              />
            </PdfSplitPane>
          )}
          {model ? (
            <DocumentBody
              model={model}
              marks={marks}
              query={query}
              selected={cellRef}
              focusTableId={tableId}
              progressive
              readCells={askOpen ? readCells : undefined}
              onSelect={(c) => documentStore.getState().select(c)}
              onToggleParagraph={(blockId) =>
                void documentStore.getState().toggleEvidence({ type: 'paragraph', blockId })
              }
            />
          ) : (
            <div className="document-body">
              <ParseProgress />
            </div>
          )}
        </div>
        {selected && (
          <CellDetails
            table={selected.table}
            cell={selected.cell}
            marked={marks.has(evidenceKey({ type: 'cell', ...cellRef! }))}
            onToggleEvidence={() =>
              void documentStore.getState().toggleEvidence({ type: 'cell', ...cellRef! })
            }
            onClose={() => documentStore.getState().select(undefined)}
            companyKey={company}
          />
        )}
        {askOpen && model && (
          <AskPanel
            documentId={id}
            model={model}
            onGo={goToAsked}
            onClose={() => askStore.getState().setPanelOpen(false)}
          />
        )}
      </div>
    </main>
  );
}
