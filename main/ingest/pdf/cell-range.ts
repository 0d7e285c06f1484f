import { parseCellValue, type ParsedValue } from '../table/cell-value';

/**
 * "$10.95 billion to $11.05 billion", "$400 million to $475 million": guidance tables write
 * each end of a range with its scale word, which the cell reader's range pattern (bare numbers,
 * "3.6%-5.4%") does not take. The ends must share one scale, since a cell has one.
 */
export function readWordRange(text: string): ParsedValue | null {
  const parts = text.trim().split(/\s+(?:to|-|\u2013|\u2014)\s+/i);
  if (parts.length !== 2) return null;
  const [low, high] = parts.map((p) => parseCellValue(p));
  if (low?.kind !== 'number' || high?.kind !== 'number') return null;
  if (low.value === null || high.value === null) return null;
  const scale = low.wordScale === 1 ? high.wordScale : low.wordScale;
  if (high.wordScale !== scale || scale === 1) return null;
  return {
    kind: 'range',
    value: null,
    percent: low.percent || high.percent,
    currency: low.currency || high.currency,
    wordScale: scale,
    multiple: false,
    range: [low.value, high.value],
  };
}

/**
 * "13-4922250" (an employer number), "1-7657" (a file number): digits joined by a hyphen that
 * are identifiers, not ranges. A range runs upward, and its high end is within two orders of
 * magnitude of its low end (or of 1, for ranges starting near zero: "0.01% – 1.5%").
 */
export function isPlausibleRange(p: ParsedValue): boolean {
  if (p.kind !== 'range' || p.range === undefined) return false;
  const [low, high] = p.range;
  return low <= high && Math.abs(high) <= 100 * Math.max(Math.abs(low), 1);
}
