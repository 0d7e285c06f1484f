import type { CellRead } from '../../../shared/ask/ask';
import type { EvidenceTarget } from '../../../shared/document/evidence';
import { documentStore } from '../../stores/document';
import { navigationStore } from '../../stores/navigation';
import { gridToSource } from '../../../shared/document/grid-layout';
import { CellReadValue } from '../../components/evidence/CellReads';
import { goToTarget } from '../../components/evidence/go-to-target';

/**
 * Opens the document at a cell a program read, framed as the Ask panel frames it: the trace
 * names grid positions, which the document's own layout maps to the cell once it is loaded.
 */
function openCell(documentId: number, read: CellRead): void {
  const docs = documentStore.getState();
  const loading = docs.open(documentId);
  navigationStore.getState().go({ screen: 'document', id: documentId, tableId: read.tableId });
  void loading.then(() => {
    const { model, openId } = documentStore.getState();
    if (!model || openId !== documentId) return;
    const target: EvidenceTarget | undefined = gridToSource(model)(
      read.tableId,
      read.row,
      read.col,
    );
    if (!target || target.type !== 'cell') return;
    documentStore.getState().select({
      tableId: target.tableId,
      sourceRow: target.sourceRow,
      sourceCol: target.sourceCol,
    });
    goToTarget(target);
  });
}

const position = (r: CellRead) => `${r.tableId} row ${r.row ?? '?'}, col ${r.col ?? '?'}`;

/** The cells a run item's program read (its stored sandbox trace), each a link to the cell. */
export function ItemTrace({
  reads,
  documentId,
}: {
  reads: readonly CellRead[];
  documentId: number | null;
}) {
  if (reads.length === 0) return <p className="hint">The program read no cells.</p>;
  return (
    <ul className="cell-reads" aria-label="Cells read">
      {reads.map((r, i) => (
        <li key={i}>
          {documentId !== null && r.row !== null ? (
            <a
              href={`#/document/${documentId}/${r.tableId}`}
              onClick={(e) => {
                e.preventDefault();
                openCell(documentId, r);
              }}
            >
              {position(r)}
            </a>
          ) : (
            <span className="hint">{position(r)}</span>
          )}{' '}
          <CellReadValue read={r} />
        </li>
      ))}
    </ul>
  );
}
