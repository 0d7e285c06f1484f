import type { Document } from '../../../shared/document';
import { documentStore } from '../../stores/document';
import type { CellRef } from '../../stores/document/document-store';
import { BeginningSoFar } from './BeginningSoFar';
import { DocumentBody } from './DocumentBody';
import { ParseProgress } from './ParseProgress';
import { PdfPagesSoFar } from './PdfPagesSoFar';
import { PdfPageView } from './PdfPageView';
import { PdfSplitPane } from './PdfSplitPane';
import { useWholeAfterFirstScreen } from './use-whole-after-first-screen';

/**
 * The document's text and tables, beside its PDF page for a PDF. While a PDF is parsed its page
 * is shown already, with the parse's progress where the tables will be.
 */
export function DocumentContent({
  id,
  model,
  isPdf,
  tableId,
  pdfPage,
  marks,
  query,
  selected,
  readCells,
}: {
  id: number;
  model: Document | undefined;
  isPdf: boolean;
  tableId: string | undefined;
  /** A page to show (one the Ask panel went to), before the route's table's. */
  pdfPage: number | undefined;
  marks: ReadonlySet<string>;
  query: string;
  selected: CellRef | undefined;
  readCells: ReadonlySet<string> | undefined;
}) {
  useWholeAfterFirstScreen(model);
  return (
    <div className={isPdf ? 'document-content pdf-split' : 'document-content'}>
      {isPdf && (
        <PdfSplitPane>
          <PdfPageView documentId={id} model={model} focusTableId={tableId} focusPage={pdfPage} />
        </PdfSplitPane>
      )}
      {model ? (
        <PdfPagesSoFar isPdf={isPdf}>
          <BeginningSoFar isPdf={isPdf}>
            <DocumentBody
              model={model}
              marks={marks}
              query={query}
              selected={selected}
              focusTableId={tableId}
              progressive
              readCells={readCells}
              onSelect={(c) => documentStore.getState().select(c)}
              onToggleParagraph={(blockId) =>
                void documentStore.getState().toggleEvidence({ type: 'paragraph', blockId })
              }
            />
          </BeginningSoFar>
        </PdfPagesSoFar>
      ) : (
        <div className="document-body">
          <ParseProgress />
        </div>
      )}
    </div>
  );
}
