import { findScaleNote } from '../table/scale-note';

/**
 * The sentence of the surrounding text that states the table's scale, e.g. TAT-QA's "The table
 * below presents total net sales disaggregated by contract type (in millions):". Only a
 * sentence that speaks of a table counts, so "revenue grew by $3 million" never scales a table.
 */
export function tableScaleSentence(texts: readonly string[]): string | null {
  for (const text of texts) {
    for (const sentence of text.split(/(?<=[.:;])\s+/)) {
      if (/\btables?\b|\bfollowing\b|\bbelow\b/i.test(sentence) && findScaleNote(sentence))
        return sentence;
    }
  }
  return null;
}
