import type { Basis, BasisSource } from './cell';

/** How a reader names each place a scale or unit is read from. */
const placeWords: Record<BasisSource, string> = {
  'cell-text': 'the cell shows',
  'column-header': 'column header',
  'column-values': "the column's first and last numbers show",
  'row-label': 'row label',
  'table-exception': "the table's exception",
  'table-note': 'table note',
  caption: 'caption',
  'filing-usual': "the filing's usual scale",
  default: '',
  'inline-xbrl': 'inline XBRL tag',
};

/**
 * Where a scale or unit came from, as the cell details say it: `column header '(In millions)'`,
 * `the table's exception 'except per share data'`, or for nothing stated `no scale stated`.
 */
export function basisText(basis: Basis): string {
  if (basis.source === 'default') return basis.phrase;
  return `${placeWords[basis.source]} '${basis.phrase}'`;
}

const scaleWords = new Map([
  [1, 'as shown'],
  [1e3, 'thousands'],
  [1e6, 'millions'],
  [1e9, 'billions'],
  [0.01, 'hundredths (percent)'],
]);

/** A scale in words ("millions"), or the multiplier when it has no common name. */
export const scaleName = (scale: number): string => scaleWords.get(scale) ?? `×${scale}`;
