import { useMemo } from 'react';
import type { Cell, Table } from '../../../shared/document';
import { basisText, scaleName } from '../../../shared/document/basis-text';
import { locationText } from '../../../shared/document/location-text';
import { gridPositions, positionText } from '../../../shared/document/grid-layout';
import { cellFootnotes } from './cell-footnotes';
import { quantityText } from './quantity-text';
import { visibleText } from './xbrl-text';

/** What a cell says, as rows of the cell panel's list: paths, text, value, scale, unit. */
export function CellMeaningRows({ table, cell }: { table: Table; cell: Cell }) {
  const footnotes = cellFootnotes(table, cell);
  return (
    <>
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
    </>
  );
}

/**
 * Where a cell sits and where it came from, as rows of the cell panel's list: its grid position
 * (what a program addresses), its source, the parser's warnings and the visible text read.
 */
export function CellSourceRows({ table, cell }: { table: Table; cell: Cell }) {
  const where = locationText(table.location);
  // The grid position is what a program addresses: cell(tableId, row, col).
  const positions = useMemo(() => gridPositions(table), [table]);
  const at = positions.of(cell);
  return (
    <>
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
    </>
  );
}
