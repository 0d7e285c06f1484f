import type { ScaleNote } from '../table/scale-note';

const scaleWords = new Map([
  [1e3, 'thousands'],
  [1e6, 'millions'],
  [1e9, 'billions'],
]);

/**
 * The scale most of a filing's tables state, for dollar tables that state none. Filings say
 * "(in millions)" above most tables and then omit it on some (Tesla's restatement tables
 * show "$184" for digital assets); a reader assumes the filing's usual scale, and so do we,
 * saying so in the table's scaleNote. Needs at least three tables with a note, 60% agreeing.
 */
export function prevailingScale(notes: readonly ScaleNote[]): ScaleNote | null {
  if (notes.length < 3) return null;
  const counts = new Map<number, number>();
  for (const n of notes) counts.set(n.scale, (counts.get(n.scale) ?? 0) + 1);
  const [scale, count] = [...counts].sort((a, b) => b[1] - a[1])[0] as [number, number];
  if (count * 5 < notes.length * 3) return null;
  return {
    phrase: `in ${scaleWords.get(scale) ?? `units of ${scale}`} (assumed: the filing's usual scale; this table states none)`,
    scale,
    // share counts in a table that states no scale are whole shares
    sharesScale: 1,
    currency: true,
  };
}

/**
 * Whether a table stating no scale may take the filing's usual one: it must show "$" (so it
 * holds amounts), must not show cents (prices and per-unit amounts such as "$ 14.10" are never
 * scaled) and its largest number must be plausible at that scale.
 */
export function mayAssumeScale(
  numbers: readonly { text: string; value: number }[],
  showsCurrency: boolean,
  note: ScaleNote,
): boolean {
  if (!showsCurrency || numbers.length === 0) return false;
  const withCents = numbers.filter((n) => /\.\d{2,}/.test(n.text)).length;
  if (withCents * 10 > numbers.length) return false;
  const largest = Math.max(...numbers.map((n) => Math.abs(n.value)));
  return largest * note.scale < 1e13;
}
