import type { Cell, XbrlFactRef, XbrlPeriod } from '../../../shared/document';
import { unitPhrase } from '../../../shared/document/cell-sentence';

/**
 * How the cell panel words an inline XBRL fact. Plain strings only: the panel renders them as
 * text (a filing is hostile input; a concept or member name is never markup).
 */

/** "2024-09-29 to 2025-03-29", "at 2025-03-29", "forever"; "—" without a context. */
export function periodText(period: XbrlPeriod | null): string {
  if (period === null) return '—';
  if ('instant' in period) return `at ${period.instant}`;
  if ('start' in period) return `${period.start} to ${period.end}`;
  return 'forever';
}

/** "us-gaap:StatementBusinessSegmentsAxis = aapl:AmericasSegmentMember", one per axis. */
export function dimensionLines(dimensions: Readonly<Record<string, string>>): string[] {
  return Object.entries(dimensions).map(([axis, member]) => `${axis} = ${member}`);
}

/** "-6 (to the million)", "INF (exact)", "2 (to the hundredth)"; "—" when not stated. */
export function decimalsText(decimals: XbrlFactRef['decimals']): string {
  if (decimals === null) return '—';
  if (decimals === 'INF') return 'INF (exact)';
  const words: Record<number, string> = {
    [-9]: 'to the billion',
    [-6]: 'to the million',
    [-3]: 'to the thousand',
    [-2]: 'to the hundred',
    [-1]: 'to the ten',
    0: 'to the unit',
    1: 'to the tenth',
    2: 'to the hundredth',
    3: 'to the thousandth',
    4: 'to the ten-thousandth',
  };
  const w = words[decimals];
  return w === undefined ? String(decimals) : `${decimals} (${w})`;
}

const plain = (n: number) =>
  Number.isInteger(n) ? n.toLocaleString('en-US') : n.toPrecision(12).replace(/\.?0+$/, '');

/** The fact's value in base units with its unit: "62,360,000,000 USD", "nil". */
export function factValueText(fact: XbrlFactRef): string {
  if (fact.factValue === null) return 'not read (nil, or a format this reader does not know)';
  return `${plain(fact.factValue)}${fact.unit === null ? '' : ` ${fact.unit}`}`;
}

/** What the visible text read, as the panel shows it beside the tag: "62,360 (USD/share)". */
export function visibleText(cell: Pick<Cell, 'visible' | 'text'>): string | null {
  const v = cell.visible;
  if (v === undefined) return null;
  const unit = unitPhrase({ unit: v.unit, scale: v.scale });
  const number =
    v.range !== undefined
      ? `${plain(v.range[0])} to ${plain(v.range[1])}`
      : v.value === null
        ? 'no number'
        : plain(v.value);
  return unit === '' ? number : `${number} ${unit}`;
}
