import { memoByString } from './memo';
import { findScaleNote } from './scale-note';

// Header texts as every table reader sees them (SEC HTML, PDF, datasets).

/** "(In millions)" alone is a scale statement, not a column name. */
export const isPureScaleNote = memoByString((text: string): boolean => {
  const note = findScaleNote(text);
  const bare = (t: string) => t.replace(/[()$,\s]/g, '').length;
  return note !== null && bare(text) <= bare(note.phrase) + 2;
});

/** "Year Ended December 31," → "Year Ended December 31": trailing punctuation is layout. */
export const cleanHeader = (text: string) => text.replace(/[\s,:;]+$/, '').trim();
