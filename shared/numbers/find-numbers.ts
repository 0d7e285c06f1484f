import { cleanNumberText, SUPERSCRIPT_MARKS } from './clean-number-text';
import { NUMBER_BODY, type NumberGroups } from './number-pattern';
import { fromGroups } from './parse-number';
import type { ParsedNumber } from './parsed-number';

// Not preceded by a letter, digit or decimal point: keeps "Q3", "FY2019"'s tail and the
// fraction of "3.5" (already consumed) from being read as numbers of their own.
const SCAN = new RegExp(String.raw`(?<![A-Za-z0-9_.,$])${NUMBER_BODY}`, 'gi');

/**
 * Every number in free text, in order. Numbers glued to letters ("10-K", "3rd", "A1") are
 * skipped: they are names, not quantities. Offsets refer to the cleaned text.
 */
export function findNumbers(input: string): ParsedNumber[] {
  const text = cleanNumberText(input).replace(SUPERSCRIPT_MARKS, ' ');
  const out: ParsedNumber[] = [];
  for (const m of text.matchAll(SCAN)) {
    const end = m.index + m[0].length;
    const after = text.slice(end, end + 2);
    if (/^[A-Za-z]/.test(after) || /^-[A-Za-z]/.test(after) || /^\d/.test(after)) continue;
    const parsed = fromGroups(m.groups as NumberGroups, m[0].trim(), m.index, false);
    if (parsed) out.push(parsed);
  }
  return out;
}
