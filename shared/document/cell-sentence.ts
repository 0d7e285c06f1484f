import type { Cell } from './cell';

const scaleWords = new Map<number, string>([
  [1e3, 'thousands'],
  [1e6, 'millions'],
  [1e9, 'billions'],
  [1e12, 'trillions'],
]);

/**
 * "(USD millions)", "(USD/share)", "(%)", "(shares thousands)"; "" when neither unit nor scale
 * says anything. Percent cells carry scale 0.01, which the "%" already expresses.
 */
export function unitPhrase(cell: Pick<Cell, 'unit' | 'scale'>): string {
  const parts: string[] = [];
  if (cell.unit !== null) parts.push(cell.unit);
  if (cell.unit !== '%' && cell.scale !== 1) {
    parts.push(scaleWords.get(cell.scale) ?? `×${cell.scale}`);
  }
  return parts.length === 0 ? '' : `(${parts.join(' ')})`;
}

/**
 * The sentence retrieval indexes and prompts cite, e.g.
 * "Aerospace Systems > Product, Sales, 2018 = 11,087 (USD millions)":
 * the row path joined by " > ", then the column path, then the displayed text and its unit.
 * The "$" is dropped from the text because the unit phrase already says USD.
 */
export function cellSentence(cell: Pick<Cell, 'rowPath' | 'colPath' | 'text' | 'unit' | 'scale'>) {
  const where = [cell.rowPath.join(' > '), ...cell.colPath].filter((s) => s !== '').join(', ');
  const shown = cell.text.replace(/\$\s*/g, '').trim();
  const unit = unitPhrase(cell);
  return `${where} = ${shown}${unit === '' ? '' : ` ${unit}`}`;
}
