import { asciiDigits } from '../../numbers/clean-number-text';

const NON_ASCII = /[\u0080-\uffff]/;

/**
 * `asciiDigits` (Python's \d reads any Unicode decimal digit) without its Unicode-property
 * replace over text that is all ASCII, where the only digits are 0-9 and each maps to itself:
 * the scorers call it for every number-like token of every reading of every answer.
 */
export function toAsciiDigits(text: string): string {
  return NON_ASCII.test(text) ? asciiDigits(text) : text;
}

/**
 * A function removing every character of `chars` from a string, as
 * `[...text].filter((ch) => !chars.includes(ch)).join('')` does, when `chars` holds only BMP
 * characters (so neither a surrogate pair nor a lone surrogate of the text is one of them):
 * one regular-expression replace instead of an array of code points.
 */
export function charRemover(chars: string): (text: string) => string {
  for (const ch of chars)
    if (ch.length !== 1 || (ch >= '\ud800' && ch <= '\udfff'))
      throw new Error(`charRemover: ${JSON.stringify(ch)} is not a BMP character`);
  const re = new RegExp(`[${chars.replace(/[\\\]^-]/g, '\\$&')}]`, 'g');
  return (text) => text.replace(re, '');
}
