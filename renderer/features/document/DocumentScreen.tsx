import { useMemo, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { MarkTarget } from '../../../shared/document/evidence';
import { useAsk } from '../../stores/ask';
import { documentStore, useDocument } from '../../stores/document';
import { useLibrary } from '../../stores/library';
import { navigationStore } from '../../stores/navigation';
import { companyKeyOf } from '../../../shared/library/company-groups';
import { DocumentHeader } from './DocumentHeader';
import { DocumentLayout } from './DocumentLayout';
import { DocumentWarnings } from './DocumentWarnings';
import { EvidencePanel } from './EvidencePanel';
import { ParseProgress } from './ParseProgress';
import { useDocumentKeys } from './use-document-keys';
import { scrollToBlock, useIsPdf, useOpenDocument, useRouteTarget } from './use-open-document';

/** A marked cell or paragraph of the evidence panel, brought into view (a cell selected). */
function jumpToMark(t: MarkTarget, goToTable: (tableId: string) => void) {
  if (t.type === 'paragraph') scrollToBlock(t.blockId);
  else {
    documentStore
      .getState()
      .select({ tableId: t.tableId, sourceRow: t.sourceRow, sourceCol: t.sourceCol });
    goToTable(t.tableId);
  }
}

interface Props {
  id: number;
  tableId?: string | undefined;
  /** A grid position in `tableId` to select (a link from the Facts panel). */
  cell?: { row: number; col: number } | undefined;
}

export function DocumentScreen({ id, tableId, cell }: Props) {
  // Only the slices this screen shows: parse progress events re-render ParseProgress, not this.
  const status = useDocument((st) => st.status);
  // `partial`: a PDF's pages read so far, shown (as DocumentLayout's model) until `model` comes.
  const [model, partial] = useDocument(useShallow((st) => [st.model, st.partial] as const));
  const error = useDocument((st) => st.error);
  const name = useDocument((st) => st.document?.name);
  const kind = useDocument((st) => st.document?.kind);
  const query = useDocument((st) => st.query);
  const marks = useDocument((st) => st.marks);
  const markTargets = useDocument((st) => st.markTargets);
  const cellRef = useDocument((st) => st.selected);
  // Actions never change: called through documentStore.getState(), not subscribed to.
  // The name is known from the library before the (maybe long) parse answers; the filer is for
  // the cell panel's "Chart this row" (the Facts panel of its company).
  const listed = useLibrary((l) => l.documents.find((d) => d.id === id));
  const isPdf = useIsPdf(id, status, kind);
  const findInput = useRef<HTMLInputElement>(null);
  const askOpen = useAsk((s) => s.panelOpen);

  useOpenDocument(id, isPdf);
  useRouteTarget(status, model, tableId, cell);
  const tableIds = useMemo(() => new Set(model?.tables.map((t) => t.id)), [model]);
  const goToTable = (t: string) =>
    navigationStore.getState().go({ screen: 'document', id, tableId: t });
  useDocumentKeys(findInput, cellRef);

  const header = (
    <DocumentHeader
      title={name ?? listed?.name ?? 'Document'}
      ready={status === 'ready'}
      model={model}
      query={query}
      findInput={findInput}
      askOpen={askOpen}
    />
  );
  // A PDF's page is shown while it is parsed, in the place (and the same component, keeping its
  // page and zoom) where it stays once the tables are read.
  const parsing = status === 'loading' || status === 'idle';
  // A filing still read shows its beginning once read (`partial`), as a PDF its pages.
  if ((parsing && !isPdf && !partial) || (!parsing && (status === 'error' || !model))) {
    return (
      <main className="screen">
        {header}
        {parsing ? (
          <ParseProgress />
        ) : (
          <p className="error" role="alert">
            {error?.message ?? 'This document could not be opened.'}
          </p>
        )}
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
          documentName={name ?? listed?.name ?? `document-${id}`}
          targets={markTargets}
          onJump={(t) => jumpToMark(t, goToTable)}
          onUnmark={(t) => void documentStore.getState().toggleEvidence(t)}
        />
      )}
      <DocumentLayout
        id={id}
        model={model ?? partial}
        isPdf={isPdf}
        tableId={tableId}
        marks={marks}
        query={query}
        cellRef={cellRef}
        askOpen={askOpen}
        companyKey={listed ? companyKeyOf(listed) : null}
        goToTable={goToTable}
      />
    </main>
  );
}
