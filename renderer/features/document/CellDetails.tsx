import type { Cell, Table } from '../../../shared/document';
import { cellSentence } from '../../../shared/document/cell-sentence';
import { evidenceKey } from '../../../shared/document/evidence-key';
import { CellMeaningRows, CellSourceRows } from './CellDetailRows';
import { XbrlFactRows } from './XbrlFactRows';

interface Props {
  table: Table;
  cell: Cell;
  marked: boolean;
  onToggleEvidence: () => void;
  onClose: () => void;
  /** The filer's key (shared/library/company-groups) for "Chart this row"; absent: not known. */
  companyKey?: string | null;
}

/** Everything known about one cell: where it sits, what it means, where it came from. */
export function CellDetails({ table, cell, marked, onToggleEvidence, onClose, companyKey }: Props) {
  return (
    <aside className="cell-details" aria-label="Cell details">
      <header>
        <h2>Cell</h2>
        <button className="link" onClick={onClose} aria-label="Close cell details">
          Close
        </button>
      </header>
      <p className="sentence">{cellSentence(cell)}</p>
      <dl>
        <CellMeaningRows table={table} cell={cell} />
        <CellSourceRows table={table} cell={cell} />
        {cell.xbrl?.map((f, i, all) => (
          <XbrlFactRows
            key={`fact-${i}`}
            fact={f}
            nth={i}
            of={all.length}
            companyKey={companyKey}
          />
        ))}
      </dl>
      <button
        className={marked ? 'primary' : ''}
        onClick={onToggleEvidence}
        aria-pressed={marked}
        data-evidence-key={evidenceKey({
          type: 'cell',
          tableId: table.id,
          sourceRow: cell.sourceRow,
          sourceCol: cell.sourceCol,
        })}
      >
        {marked ? 'Marked as evidence' : 'Mark as evidence'} <kbd>E</kbd>
      </button>
    </aside>
  );
}
