import type { CellRead } from '../../../shared/ask/ask';
import { citeFact } from '../../../shared/ask/reads';
import type { EvidenceTarget } from '../../../shared/document/evidence';
import type { Document } from '../../../shared/document';
import { gridToSource } from '../../../shared/document/grid-layout';
import { filingShort, openFilingTable, type Placer } from './filing-cite';

interface Props {
  reads: CellRead[];
  model?: Document | undefined;
  onGo: (target: EvidenceTarget) => void;
  /** Where a read's table lies (an ask across filings: which filing). */
  place?: Placer | undefined;
}

/**
 * A read cell's text as filed, and the value the program got with its scale and unit; for a
 * fact() read, the filer's concept and period too.
 */
export function CellReadValue({ read: r }: { read: CellRead }) {
  return (
    <>
      {r.fact && <span className="fact-cite">{citeFact(r.fact)}: </span>}
      <code>{r.text ?? '—'}</code>
      {r.value !== null && (
        <span className="hint">
          {' '}
          = {r.value}
          {r.scale !== null && r.scale !== 1 ? ` × ${r.scale}` : ''}
          {r.unit ? ` ${r.unit}` : ''}
        </span>
      )}
    </>
  );
}

/**
 * The cells the program read through cell()/cellInfo()/fact(), each a link to the cell in the
 * grid; in an ask across filings each names its filing, and one of another filing opens it.
 */
export function CellReads({ reads, model, onGo, place }: Props) {
  if (reads.length === 0) return <p className="hint">The program read no cells.</p>;
  const at = model ? gridToSource(model) : undefined;
  const caption = (id: string) => model?.tables.find((t) => t.id === id)?.caption;
  return (
    <ul className="cell-reads" aria-label="Cells read">
      {reads.map((r, i) => {
        const p = place?.(r.tableId);
        const tableId = p?.localId ?? r.tableId;
        const here = p?.here ?? true;
        const target = here ? at?.(tableId, r.row, r.col) : undefined;
        const label = `${tableId} row ${r.row ?? '?'}, col ${r.col ?? '?'}`;
        return (
          <li key={i}>
            {p?.filing && <span className="filing-badge">{filingShort(p.filing)}</span>}{' '}
            {!here && p?.documentId != null ? (
              <button
                type="button"
                className="link"
                onClick={() => openFilingTable(p.documentId!, tableId, r.row, r.col)}
                title="Open this filing at the table"
              >
                {label}
              </button>
            ) : target ? (
              <button
                type="button"
                className="link"
                onClick={() => onGo(target)}
                title={caption(tableId)}
              >
                {label}
              </button>
            ) : (
              <span className="hint">{label}</span>
            )}{' '}
            <CellReadValue read={r} />
          </li>
        );
      })}
    </ul>
  );
}
