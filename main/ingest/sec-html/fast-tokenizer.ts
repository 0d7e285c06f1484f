import { Tokenizer } from './html-parser';

/**
 * htmlparser2's Tokenizer, skipping through plain text and quoted attribute values with
 * `indexOf` instead of one state call per character.
 *
 * Why: a cold `workbench ingest` runs the tokenizer's loop before V8 has optimized it, and
 * half of an inline XBRL filing is `style="…"` values (BA's 10-K: 1.7 of 3.3 MB) that the
 * loop walks a character at a time only to find the closing quote. In those states a
 * character other than the end (`<`, or the quote) or `&` changes nothing but the position,
 * so jumping to the next such character is the same reading: every callback comes with the
 * same positions, in the same order (`test/unit/ingest/sec-html/html-events.test.ts` checks
 * this against the stock Parser; `test/bench/ingest-identical.ts` against every filing).
 * Everything else (tags, entities, comments, script and style contents) is the stock code.
 */

/** The tokenizer's fields the skipping reads and moves (private in its typings). */
interface Position {
  buffer: string;
  offset: number;
  index: number;
  /** The next `&` in `buffer` at or after the last search (buffer.length: none), and in which buffer. */
  ampAt: number;
  ampIn: string | null;
}

type State = (this: Position, c: number) => void;

interface States {
  stateText: State;
  stateInAttributeValueDoubleQuotes: State;
  stateInAttributeValueSingleQuotes: State;
}

const lt = 0x3c;
const amp = 0x26;
const doubleQuote = 0x22;
const singleQuote = 0x27;

/** Position in `buffer` of the next `&` at or after `from`, or buffer.length. */
function nextAmp(t: Position, from: number): number {
  // Cached: a search runs from where the last one ended, so the buffer is searched once.
  if (t.ampIn !== t.buffer || t.ampAt < from) {
    const at = t.buffer.indexOf('&', from);
    t.ampAt = at === -1 ? t.buffer.length : at;
    t.ampIn = t.buffer;
  }
  return t.ampAt;
}

/** Moves to the character before the next `stop` or `&` (the loop then steps onto it). */
function skipTo(t: Position, stop: string): void {
  const buffer = t.buffer;
  const from = t.index - t.offset + 1;
  let end = buffer.indexOf(stop, from);
  if (end === -1) end = buffer.length;
  const a = nextAmp(t, from);
  t.index = t.offset + (a < end ? a : end) - 1;
}

const base = Tokenizer.prototype as unknown as States;
const baseText = base.stateText;
const baseDouble = base.stateInAttributeValueDoubleQuotes;
const baseSingle = base.stateInAttributeValueSingleQuotes;

export class FastTokenizer extends Tokenizer {
  /** See Position. */
  ampAt = -1;
  ampIn: string | null = null;
}

// Were a version of htmlparser2 to name its states otherwise, it is read as it comes.
const fast = FastTokenizer.prototype as unknown as States;
if (
  typeof baseText === 'function' &&
  typeof baseDouble === 'function' &&
  typeof baseSingle === 'function'
) {
  fast.stateText = function (this: Position, c: number) {
    if (c === lt || c === amp) baseText.call(this, c);
    else skipTo(this, '<');
  };
  fast.stateInAttributeValueDoubleQuotes = function (this: Position, c: number) {
    if (c === doubleQuote || c === amp) baseDouble.call(this, c);
    else skipTo(this, '"');
  };
  fast.stateInAttributeValueSingleQuotes = function (this: Position, c: number) {
    if (c === singleQuote || c === amp) baseSingle.call(this, c);
    else skipTo(this, "'");
  };
}
