import { useMemo } from 'react';
import {
  basisText,
  cellSentence,
  locationText,
  scaleName,
  type Cell,
  type Table,
} from '../../../shared/document';
import { evidenceKey } from '../../../shared/document/evidence';
import { gridPositions, positionText } from '../../../shared/document/grid-layout';
import { routeHash } from '../../stores/navigation/navigation-store';
import { cellFootnotes } from './cell-footnotes';
import { quantityText } from './quantity-text';
import { decimalsText, dimensionLines, factValueText, periodText, visibleText } from './xbrl-text';

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
  const where = locationText(table.location);
  // The grid position is what a program addresses: cell(tableId, row, col).
  const positions = useMemo(() => gridPositions(table), [table]);
  const at = positions.of(cell);
  const footnotes = cellFootnotes(table, cell);
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
        <dt>Row path</dt>
        <dd>{cell.rowPath.join(' › ') || '—'}</dd>
        <dt>Column path</dt>
        <dd>{cell.colPath.join(' › ') || '—'}</dd>
        <dt>As filed</dt>
        <dd className="num">{cell.text}</dd>
        <dt>Value</dt>
        <dd className="num">{cell.value ?? '—'}</dd>
        <dt>Scale</dt>
        <dd>
          {scaleName(cell.scale)} <span className="num">×{cell.scale}</span>
          {cell.scaleBasis ? ` — ${basisText(cell.scaleBasis)}` : ''}
        </dd>
        <dt>Unit</dt>
        <dd>
          {cell.unit ?? '—'}
          {cell.unitBasis ? ` — ${basisText(cell.unitBasis)}` : ''}
        </dd>
        {footnotes.length > 0 && (
          <>
            <dt>Footnotes</dt>
            <dd>{footnotes.join('; ')}</dd>
          </>
        )}
        <dt>Quantity</dt>
        <dd className="num">{quantityText(cell)}</dd>
        <dt>Grid position</dt>
        <dd className="grid-position">
          {at ? (
            <>
              {positionText(at)} <code>{`cell('${table.id}', ${at.row}, ${at.col})`}</code>
            </>
          ) : (
            '—'
          )}
        </dd>
        <dt>Source</dt>
        <dd>
          table {table.sourceIndex} ({table.caption || table.id}), row {cell.sourceRow}, column{' '}
          {cell.sourceCol}
          <br />
          <code>{where}</code>
        </dd>
        {cell.warnings?.map((w, i) => (
          <div key={`warning-${i}`} className="cell-warning">
            <dt>Warning</dt>
            <dd>⚠ {w}</dd>
          </div>
        ))}
        {cell.visible && (
          <>
            <dt>Visible text read</dt>
            <dd className="num">
              {visibleText(cell)}
              {cell.visible.scaleBasis ? ` — ${basisText(cell.visible.scaleBasis)}` : ''}
            </dd>
          </>
        )}
        {cell.xbrl?.map((f, i) => (
          <div key={`fact-${i}`} className="xbrl-fact">
            <dt>
              Inline XBRL
              {cell.xbrl && cell.xbrl.length > 1 ? ` (${i + 1} of ${cell.xbrl.length})` : ''}
            </dt>
            <dd>
              <code>{f.concept}</code>
              {f.agrees === false ? ' ⚠ differs from the visible value' : ''}
              {companyKey && (
                <>
                  {' '}
                  <a
                    className="chart-row"
                    href={routeHash({
                      screen: 'facts',
                      company: companyKey,
                      concept: f.concept,
                      ...(Object.keys(f.dimensions).length
                        ? { dimensions: JSON.stringify(f.dimensions) }
                        : {}),
                    })}
                  >
                    Chart this row
                  </a>
                </>
              )}
            </dd>
            <dt>Period</dt>
            <dd>{periodText(f.period)}</dd>
            <dt>Dimensions</dt>
            <dd>
              {dimensionLines(f.dimensions).length === 0
                ? 'none'
                : dimensionLines(f.dimensions).map((line) => <div key={line}>{line}</div>)}
            </dd>
            <dt>Tag unit</dt>
            <dd>
              {f.unit ?? '—'}
              {f.unitRef ? ` (unitRef ${f.unitRef})` : ''}
            </dd>
            <dt>Decimals</dt>
            <dd>{decimalsText(f.decimals)}</dd>
            <dt>Tag value</dt>
            <dd className="num">
              {factValueText(f)} (scale {f.scale}
              {f.negated ? ', sign −' : ''})
            </dd>
            <dt>Context</dt>
            <dd>
              <code>{f.contextRef}</code>
            </dd>
          </div>
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
