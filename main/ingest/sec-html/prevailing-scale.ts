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
  const shares = usualSharesScale(notes);
  const sharesPhrase =
    shares === 1 ? '' : `, shares in ${scaleWords.get(shares) ?? `units of ${shares}`}`;
  return {
    phrase: `in ${scaleWords.get(scale) ?? `units of ${scale}`} (assumed: the filing's usual scale${sharesPhrase}; this table states none)`,
    scale,
    sharesScale: shares,
    currency: true,
  };
}

/**
 * The share scale a note implies: its own ("shares in thousands"; "except share data" → 1),
 * else, for a statement about every quantity ("(in thousands, except per share amounts)"), its
 * scale. A statement about dollars ("Dollars in millions") says nothing of shares: undefined.
 */
function impliedSharesScale(note: ScaleNote): number | undefined {
  if (note.sharesScale !== null) return note.sharesScale;
  return note.currency ? undefined : note.scale;
}

/**
 * The share scale most of a filing's statements imply (HubSpot's "(in thousands, except per share
 * amounts)" over its statements: weighted-average shares in thousands), for share counts in a
 * table stating no scale. Needs three statements implying one, 60% of all the filing's
 * statements, 60% of them agreeing; otherwise share counts there are whole shares (1).
 */
function usualSharesScale(notes: readonly ScaleNote[]): number {
  const implied = notes.flatMap((n) => {
    const s = impliedSharesScale(n);
    return s === undefined ? [] : [s];
  });
  if (implied.length < 3 || implied.length * 5 < notes.length * 3) return 1;
  const counts = new Map<number, number>();
  for (const s of implied) counts.set(s, (counts.get(s) ?? 0) + 1);
  const [scale, count] = [...counts].sort((a, b) => b[1] - a[1])[0] as [number, number];
  return count * 5 < implied.length * 3 ? 1 : scale;
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
