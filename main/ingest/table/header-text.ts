import { memoByString } from './memo';
import { findScaleNote } from './scale-note';

// Header texts as every table reader sees them (SEC HTML, PDF, datasets).

/** "(In millions)" alone is a scale statement, not a column name. */
export const isPureScaleNote = memoByString((text: string): boolean => {
  const note = findScaleNote(text);
  const bare = (t: string) => t.replace(/[()$,\s]/g, '').length;
  return note !== null && bare(text) <= bare(note.phrase) + 2;
});

/**
 * Whether a UTF-16 code unit is one JavaScript's `\s` matches, the same set `trim` removes:
 * ECMAScript's WhiteSpace and LineTerminator.
 */
export function isJsSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * "Year Ended December 31," → "Year Ended December 31": trailing punctuation is layout.
 * What `text.replace(/[\s,:;]+$/, '').trim()` returns, by a scan from the end: V8 runs that
 * regular expression from every position of the text (each run of spaces inside a header is
 * matched, then given up at the `$`), about 10 ms of a cold CLI ingest of a 10-K.
 */
export function cleanHeader(text: string): string {
  let end = text.length;
  while (end > 0) {
    const c = text.charCodeAt(end - 1);
    if (c !== 0x2c && c !== 0x3a && c !== 0x3b && !isJsSpace(c)) break;
    end--;
  }
  return (end === text.length ? text : text.slice(0, end)).trim();
}
