import { useState } from 'react';
import type { Document } from '../../../shared/document';
import { evidenceKey } from '../../../shared/document/evidence-key';
import { askStore } from '../../stores/ask';
import { documentStore, useDocument } from '../../stores/document';
import type { CellRef } from '../../stores/document/document-store';
import { AskPanel } from '../ask/AskPanel';
import { CellDetails } from './CellDetails';
import { DocumentContent } from './DocumentContent';
import { Outline } from './Outline';
import { firstGridTableId } from './progressive-blocks';
import { useAskNavigation } from './use-ask-navigation';
import { scrollToBlock } from './use-open-document';
import { useSelectedCell } from './use-selected-cell';

/**
 * The document view below its header: the outline, the document (beside its PDF page), the
 * selected cell's details and the Ask panel.
 */
export function DocumentLayout({
  id,
  model,
  isPdf,
  tableId,
  marks,
  query,
  cellRef,
  askOpen,
  companyKey,
  goToTable,
}: {
  id: number;
  model: Document | undefined;
  isPdf: boolean;
  tableId: string | undefined;
  marks: ReadonlySet<string>;
  query: string;
  cellRef: CellRef | undefined;
  askOpen: boolean;
  companyKey: string | null;
  goToTable: (tableId: string) => void;
}) {
  const ask = useAskNavigation(id, model, tableId, goToTable);
  const selected = useSelectedCell(model, cellRef);
  // A cached filing's first screen: its outline comes with the whole model, moments later (an
  // outline of the first screen's headings would change under the user's pointer).
  const firstScreenOnly = useDocument(
    (s) => s.status === 'loading' && s.partialOf === 'first-screen',
  );
  // Its first grid drawn already then: the outline comes at once, not after a grid to come.
  const [firstScreenShown, setFirstScreenShown] = useState(firstScreenOnly);
  if (firstScreenOnly && !firstScreenShown) setFirstScreenShown(true);

  return (
    <div className="document-layout">
      {/* While a PDF is parsed its outline's room is kept, so the page does not move. */}
      {model && !firstScreenOnly ? (
        <Outline
          model={model}
          activeTableId={tableId}
          onTable={goToTable}
          onHeading={scrollToBlock}
          afterGrid={!firstScreenShown && firstGridTableId(model.blocks, tableId) !== undefined}
        />
      ) : (
        <div className="outline" aria-hidden="true" />
      )}
      <DocumentContent
        id={id}
        model={model}
        isPdf={isPdf}
        tableId={tableId}
        pdfPage={ask.pdfPage}
        marks={marks}
        query={query}
        selected={cellRef}
        readCells={askOpen ? ask.readCells : undefined}
      />
      {selected && (
        <CellDetails
          table={selected.table}
          cell={selected.cell}
          marked={marks.has(evidenceKey({ type: 'cell', ...cellRef! }))}
          onToggleEvidence={() =>
            void documentStore.getState().toggleEvidence({ type: 'cell', ...cellRef! })
          }
          onClose={() => documentStore.getState().select(undefined)}
          companyKey={companyKey}
        />
      )}
      {askOpen && model && (
        <AskPanel
          documentId={id}
          model={model}
          onGo={ask.goTo}
          onClose={() => askStore.getState().setPanelOpen(false)}
        />
      )}
    </div>
  );
}
