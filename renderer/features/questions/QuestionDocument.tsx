import { evidenceKey, type MarkTarget } from '../../../shared/document/evidence';
import { documentStore, useDocument } from '../../stores/document';
import { CellDetails } from '../document/CellDetails';
import { DocumentBody } from '../document/DocumentBody';
import type { GoldMarks } from '../document/gold-marks';
import { ParseProgress } from '../document/ParseProgress';
import { PdfPageView } from '../document/PdfPageView';
import { PdfSplitPane } from '../document/PdfSplitPane';
import { useSelectedCell } from '../document/use-selected-cell';

interface Props {
  documentId: number;
  /** Gold evidence to outline; absent in an expert session (blinded). */
  gold?: GoldMarks | undefined;
  /** A table to mount at once and keep mounted (the evidence the user went to). */
  focusTableId?: string | undefined;
  /** The PDF page to show (a gold evidence page). */
  focusPage?: number | undefined;
  /** Cells the Ask panel's shown answer read ("tableId:sourceRow:sourceCol"). */
  readCells?: ReadonlySet<string> | undefined;
  /**
   * Marks kept elsewhere (an expert's answer cites them): shown instead of the document's own
   * evidence list, and marking calls `onToggleMark` instead of adding to that list.
   */
  answerMarks?:
    { marks: ReadonlySet<string>; onToggleMark: (target: MarkTarget) => void } | undefined;
}

/**
 * The question's document in the document view's own components (text, tables in the grid,
 * cell details, the PDF page), with the gold evidence outlined when given. Reads the document
 * store, which the question and session screens point at this document.
 */
export function QuestionDocument({
  documentId,
  gold,
  focusTableId,
  focusPage,
  readCells,
  answerMarks,
}: Props) {
  const current = useDocument((s) => s.openId === documentId);
  const status = useDocument((s) => s.status);
  const model = useDocument((s) => s.model);
  const kind = useDocument((s) => s.document?.kind);
  const documentMarks = useDocument((s) => s.marks);
  const selected = useDocument((s) => s.selected);
  const error = useDocument((s) => s.error);

  const selectedCell = useSelectedCell(model, selected);

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
  const marks = answerMarks?.marks ?? documentMarks;
  const toggle = (target: MarkTarget) =>
    answerMarks ? answerMarks.onToggleMark(target) : void store.toggleEvidence(target);
  return (
    <>
      <div
        className={
          kind === 'pdf'
            ? 'document-content question-document pdf-split'
            : 'document-content question-document'
        }
      >
        {kind === 'pdf' && (
          <PdfSplitPane>
            <PdfPageView
              documentId={documentId}
              model={model}
              focusTableId={focusTableId}
              focusPage={focusPage}
              goldPages={gold?.pages}
            />
          </PdfSplitPane>
        )}
        <DocumentBody
          model={model}
          marks={marks}
          query=""
          selected={selected}
          focusTableId={focusTableId}
          gold={gold}
          readCells={readCells}
          onSelect={(c) => store.select(c)}
          onToggleParagraph={(blockId) => toggle({ type: 'paragraph', blockId })}
        />
      </div>
      {selectedCell && selected && (
        <CellDetails
          table={selectedCell.table}
          cell={selectedCell.cell}
          marked={marks.has(evidenceKey({ type: 'cell', ...selected }))}
          onToggleEvidence={() => toggle({ type: 'cell', ...selected })}
          onClose={() => store.select(undefined)}
        />
      )}
    </>
  );
}
