import { findScaleNote, type ScaleNote } from '../../table/scale-note';

/*
 * Non-US annual reports (many TAT-QA tables) state scale and currency in a unit header rather
 * than in "(in millions)": "$'000", "£m", "€m", "USDm", "RMB'000", "$ million". The SEC
 * parser's scale notes do not cover these; they are read here, for dataset tables only.
 */
const currency = String.raw`(?:US\$|A\$|HK\$|\$|£|€|¥|USD|GBP|EUR|AUD|RMB|HKD|SGD)`;
const unitHeader = new RegExp(
  String.raw`^\(?\s*${currency}\s*(?:['’]\s*(000|000s|m|mn|bn)|(m|mn|bn|million|millions|billion|billions|thousand|thousands))\s*\)?$`,
  'i',
);
// The same unit inside a longer header: "2019 $'000", "30 June 2019 £m".
const unitToken = new RegExp(
  String.raw`(?:^|[\s(])${currency}\s*(?:['’]\s*(000|000s)|(m|mn|bn))(?=$|[\s)])`,
  'i',
);
const factor: Record<string, number> = {
  '000': 1e3,
  '000s': 1e3,
  thousand: 1e3,
  thousands: 1e3,
  m: 1e6,
  mn: 1e6,
  million: 1e6,
  millions: 1e6,
  bn: 1e9,
  billion: 1e9,
  billions: 1e9,
};

/** A scale statement in a header or note: the SEC forms first, then currency unit headers. */
export function scaleNoteOf(text: string): ScaleNote | null {
  const note = findScaleNote(text);
  if (note) return note;
  const m = unitHeader.exec(text.trim()) ?? unitToken.exec(text);
  const scale = m ? factor[(m[1] ?? m[2] ?? '').toLowerCase()] : undefined;
  if (scale === undefined) return null;
  return { phrase: text.trim(), scale, sharesScale: null, currency: true };
}

/** A header that only states currency and scale ("£m", "$'000"): it names no column. */
export const isUnitHeader = (text: string) => unitHeader.test(text.trim());

/** The currency a table's texts name when it is not the dollar; null means USD (or unknown). */
export function statedCurrency(texts: readonly string[]): string | null {
  const joined = texts.join(' ');
  if (/£|\bGBP\b/.test(joined)) return 'GBP';
  if (/€|\bEUR\b/.test(joined)) return 'EUR';
  if (/\bRMB\b/.test(joined)) return 'CNY';
  return null;
}
