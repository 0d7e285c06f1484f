import type { XbrlFactRef } from '../../../shared/document';
import { routeHash } from '../../stores/navigation/navigation-store';
import { decimalsText, dimensionLines, factValueText, periodText } from './xbrl-text';

/**
 * One Inline XBRL fact tagged on a cell, as rows of the cell panel's list: its concept (with
 * "Chart this row" when the filer is known), period, dimensions, unit, decimals, value, context.
 */
export function XbrlFactRows({
  fact: f,
  nth,
  of,
  companyKey,
}: {
  fact: XbrlFactRef;
  /** Its place among the cell's facts (0-based), and how many the cell has. */
  nth: number;
  of: number;
  companyKey: string | null | undefined;
}) {
  return (
    <div className="xbrl-fact">
      <dt>
        Inline XBRL
        {of > 1 ? ` (${nth + 1} of ${of})` : ''}
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
  );
}
