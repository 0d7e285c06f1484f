// Typography that finance text uses around numbers, mapped to plain ASCII before parsing.

/** Unicode minus, dashes used as minus, and the many spaces of typeset documents. */
const CHAR_MAP: ReadonlyArray<[RegExp, string]> = [
  [/[\u2212\u2012\u2013\uFE63\uFF0D]/g, '-'], // minus sign, figure dash, en dash, small/full-width hyphen-minus
  [/[\u00A0\u2007\u2009\u202F\u2002\u2003\u2004\u2005\u2006\u2008\u200A\u3000]/g, ' '],
  [/\u200B|\u200C|\u200D|\uFEFF/g, ''], // zero-width characters copied from PDFs
  [/\uFF04/g, '$'],
  [/\uFF05/g, '%'],
  [/[\u2018\u2019\u201C\u201D]/g, "'"],
];

/** Superscript digits are footnote marks when glued to a number ("1,234¹"). */
export const SUPERSCRIPT_MARKS = /[\u00B9\u00B2\u00B3\u2070\u2074-\u2079]+/g;

/** Non-ASCII decimal digits (Arabic-Indic, full-width, …) to ASCII. */
export function asciiDigits(text: string): string {
  return text.replace(/\p{Nd}/gu, (ch) => String(unicodeDigitValue(ch)));
}

/**
 * The value of a Unicode decimal digit. Unicode lays decimal digits out in runs of ten starting
 * at zero, so the distance to the start of the run gives the value.
 */
export function unicodeDigitValue(ch: string): number {
  const cp = ch.codePointAt(0) ?? 0;
  if (cp >= 48 && cp <= 57) return cp - 48;
  let start = cp;
  while (start > 0 && /\p{Nd}/u.test(String.fromCodePoint(start - 1)) && cp - start < 60) start--;
  return (cp - start) % 10;
}

export function cleanNumberText(text: string): string {
  let out = text;
  for (const [re, to] of CHAR_MAP) out = out.replace(re, to);
  return asciiDigits(out);
}
