import { useMemo } from 'react';
import { evidenceKey, type MarkTarget } from '../../../shared/document/evidence';
import { documentStore, useDocument } from '../../stores/document';
import { CellDetails } from '../document/CellDetails';
import { DocumentBody } from '../document/DocumentBody';
import { ParseProgress } from '../document/ParseProgress';
import { PdfPageView } from '../document/PdfPageView';

interface Props {
  documentId: number;
  /** evidenceKey() of what the expert's answer cites (not the document's own marks). */
  marks: ReadonlySet<string>;
  onToggleMark: (target: MarkTarget) => void;
}

/**
 * The question's document in the document view's own components (text, tables in the grid,
 * cell details, the PDF page). Blinded: no gold is drawn. Marks are the answer's evidence, so
 * marking here records into the answer instead of the document's evidence list.
 */
export function SessionDocument({ documentId, marks, onToggleMark }: Props) {
  const current = useDocument((s) => s.openId === documentId);
  const status = useDocument((s) => s.status);
  const model = useDocument((s) => s.model);
  const kind = useDocument((s) => s.document?.kind);
  const selected = useDocument((s) => s.selected);
  const error = useDocument((s) => s.error);

  const selectedCell = useMemo(() => {
    if (!model || !selected) return undefined;
    const table = model.tables.find((t) => t.id === selected.tableId);
    const cell = table?.cells.find(
      (c) => c.sourceRow === selected.sourceRow && c.sourceCol === selected.sourceCol,
    );
    return table && cell ? { table, cell } : undefined;
  }, [model, selected]);

  if (!current || status === 'loading' || status === 'idle')
    return (
      <div className="question-document">
        <ParseProgress />
      </div>
    );
  if (status === 'error' || !model)
    return (
      <p className="error question-document" role="alert">
        {error?.message ?? 'This document could not be opened.'}
      </p>
    );

  const store = documentStore.getState();
  return (
    <>
      <div
        className={
          kind === 'pdf'
            ? 'document-content question-document pdf-split'
            : 'document-content question-document'
        }
      >
        {kind === 'pdf' && <PdfPageView documentId={documentId} model={model} />}
        <DocumentBody
          model={model}
          marks={marks}
          query=""
          selected={selected}
          onSelect={(c) => store.select(c)}
          onToggleParagraph={(blockId) => onToggleMark({ type: 'paragraph', blockId })}
        />
      </div>
      {selectedCell && selected && (
        <CellDetails
          table={selectedCell.table}
          cell={selectedCell.cell}
          marked={marks.has(evidenceKey({ type: 'cell', ...selected }))}
          onToggleEvidence={() => onToggleMark({ type: 'cell', ...selected })}
          onClose={() => store.select(undefined)}
        />
      )}
    </>
  );
}
