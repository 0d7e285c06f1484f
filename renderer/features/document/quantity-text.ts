import type { Cell } from '../../../shared/document';

const plain = (q: number) =>
  Number.isInteger(q) ? q.toLocaleString('en-US') : q.toPrecision(12).replace(/\.?0+$/, '');

/**
 * value × scale in base units: "2,275,000,000 USD". A percent's base unit is the fraction
 * (41.2% has scale 0.01), so it reads "0.412 (41.2%)" rather than "0.412 %".
 */
export const quantityText = (cell: Pick<Cell, 'value' | 'scale' | 'unit'>): string => {
  if (cell.value === null) return '—';
  const q = cell.value * cell.scale;
  if (cell.unit === '%') return `${plain(q)} (${plain(cell.value)}%)`;
  return `${plain(q)} ${cell.unit ?? ''}`.trim();
};
