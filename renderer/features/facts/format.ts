import type { SeriesPoint } from '../../../shared/facts/company-facts';

const scaleWords: Record<string, string> = {
  '1000': 'thousands',
  '1000000': 'millions',
  '1000000000': 'billions',
};

/** "millions", "thousands"; '' for units. */
export const scaleWord = (scale: number): string =>
  scale === 1 ? '' : (scaleWords[String(scale)] ?? `×${scale}`);

/** A value as its cell shows it: "66,517" (the scale is said beside it, once per table). */
export const valueText = (p: Pick<SeriesPoint, 'value'>): string =>
  p.value.toLocaleString('en-US', { maximumFractionDigits: 6 });

/** "USD, millions"; "shares"; "pure". */
export const unitText = (p: Pick<SeriesPoint, 'unit' | 'scale'>): string =>
  [p.unit ?? 'no unit', scaleWord(p.scale)].filter(Boolean).join(', ');

/** The document route that opens a point's (first) cell selected in its table. */
export const cellHref = (p: Pick<SeriesPoint, 'documentId' | 'cells'>): string => {
  const c = p.cells[0]!;
  return `#/document/${p.documentId}/${c.tableId}/${c.row}/${c.col}`;
};

/** "Segment: Commercial Airplanes; …" without taxonomy prefixes; "No dimensions" for {}. */
export function dimensionsText(d: Record<string, string>): string {
  const parts = Object.entries(d).map(
    ([axis, member]) =>
      `${axis.replace(/^[^:]*:/, '').replace(/Axis$/, '')}: ${member.replace(/^[^:]*:/, '').replace(/Member$/, '')}`,
  );
  return parts.length ? parts.join('; ') : 'No dimensions (the total)';
}
