import type { Block } from './block';
import type { Table } from './table';
import type { DocumentSummary } from '../library/document';

/** Blocks of the first screen (the document view draws as many in its first commit). */
export const FIRST_SCREEN_BLOCKS = 30;

/** The first blocks of a document and the tables they name (in document order). */
export interface FirstBlocks {
  blocks: Block[];
  tables: Table[];
}

/**
 * What the document's first screen shows: the renderer's boot script draws it
 * (renderer/features/document/first-paint.ts) before the app has started.
 */
export interface FirstScreen extends FirstBlocks {
  document: DocumentSummary;
  /**
   * Read from the file's beginning while the rest is still read: a prefix of what the whole
   * model will hold (shown with the parse's progress, replaced by the whole).
   */
  partial?: boolean | undefined;
}

/** The text of `text`'s characters from `start` to `end` (a byte range, for UTF-8 bytes read as latin1). */
type Decode = (start: number, end: number) => string;

/**
 * `document.open`'s answer as text (`{"ok":true,"value":{"document":…,"model":…}}`), read only
 * as far as the first screen needs: the summary, the first `blockCount` blocks and the tables
 * they name, each parsed alone; the rest (a 10-K's model is ~2.7 MB) is skipped over, not
 * parsed. JSON.parse of the whole took ~100 ms of the window's main thread under load before
 * anything could be drawn; the whole is parsed later, when the document store takes it.
 * Undefined when the text is not such an answer (an error, another shape): nothing is drawn.
 */
export function firstScreenOf(text: string, blockCount: number): FirstScreen | undefined {
  try {
    const value = member(text, skipSpace(text, 0), 'ok') === 'true' ? memberAt(text, 'value') : -1;
    if (value < 0) return undefined;
    const docAt = memberAt(text, 'document', value);
    const modelAt = memberAt(text, 'model', value);
    if (docAt < 0 || modelAt < 0) return undefined;
    const document = JSON.parse(text.slice(docAt, valueEnd(text, docAt))) as DocumentSummary;
    const first = firstBlocksAt(text, modelAt, blockCount, (s, e) => text.slice(s, e));
    return first && { document, ...first };
  } catch {
    return undefined;
  }
}

/**
 * The first `blockCount` blocks of a model's JSON and the tables they name, read as
 * `firstScreenOf` reads them. `text` may be UTF-8 bytes read as latin1 (one character per
 * byte: JSON's structure is ASCII), with `decode` reading a byte range as UTF-8.
 */
export function firstBlocksOf(
  text: string,
  blockCount: number,
  decode: Decode = (s, e) => text.slice(s, e),
): FirstBlocks | undefined {
  try {
    return firstBlocksAt(text, skipSpace(text, 0), blockCount, decode);
  } catch {
    return undefined;
  }
}

function firstBlocksAt(
  text: string,
  modelAt: number,
  blockCount: number,
  decode: Decode,
): FirstBlocks | undefined {
  const blocksAt = memberAt(text, 'blocks', modelAt);
  const tablesAt = memberAt(text, 'tables', modelAt);
  if (blocksAt < 0 || tablesAt < 0) return undefined;
  const blocks: Block[] = [];
  walkArray(text, blocksAt, (s, e) => blocks.push(JSON.parse(decode(s, e)) as Block) >= blockCount);
  const wanted = new Set(blocks.filter((b) => b.type === 'table').map((b) => b.id));
  const tables: Table[] = [];
  // Tables are in document order: those of the first blocks come first.
  if (wanted.size > 0)
    walkArray(text, tablesAt, (s, e) => {
      const t = JSON.parse(decode(s, e)) as Table;
      if (wanted.has(t.id)) tables.push(t);
      return tables.length >= wanted.size;
    });
  return { blocks, tables };
}

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

function skipSpace(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** The index just past the string starting at `i` (a `"`). */
function stringEnd(text: string, i: number): number {
  for (let j = text.indexOf('"', i + 1); j >= 0; j = text.indexOf('"', j + 1)) {
    let slashes = 0;
    while (text.charCodeAt(j - 1 - slashes) === 92) slashes++;
    if (slashes % 2 === 0) return j + 1;
  }
  throw new Error('unterminated string');
}

/** The index just past the JSON value starting at `i`. */
function valueEnd(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 34) return stringEnd(text, i);
  if (c !== 123 && c !== 91) {
    // A number, true, false or null: up to the next delimiter.
    let j = i;
    while (j < text.length && !',}]'.includes(text[j]!) && !isSpace(text.charCodeAt(j))) j++;
    if (j === i) throw new Error('no value');
    return j;
  }
  let depth = 0;
  for (let j = i; j < text.length; j++) {
    const d = text.charCodeAt(j);
    if (d === 34) j = stringEnd(text, j) - 1;
    else if (d === 123 || d === 91) depth++;
    else if (d === 125 || d === 93) {
      depth--;
      if (depth === 0) return j + 1;
    }
  }
  throw new Error('unterminated value');
}

/**
 * The members of the object starting at `i` (a `{`), one by one: `visit` gets each key and
 * where its value starts, and stops the walk by answering true.
 */
function walkObject(text: string, i: number, visit: (key: string, at: number) => boolean): void {
  if (text[i] !== '{') throw new Error('not an object');
  let j = skipSpace(text, i + 1);
  while (text[j] === '"') {
    const keyEnd = stringEnd(text, j);
    const key = JSON.parse(text.slice(j, keyEnd)) as string;
    const colon = skipSpace(text, keyEnd);
    if (text[colon] !== ':') throw new Error('no colon');
    const at = skipSpace(text, colon + 1);
    if (visit(key, at)) return;
    j = skipSpace(text, valueEnd(text, at));
    if (text[j] === ',') j = skipSpace(text, j + 1);
  }
}

/** Where the value of `key` starts in the object at `i` (the whole text: 0), else -1. */
function memberAt(text: string, key: string, i = skipSpace(text, 0)): number {
  let found = -1;
  walkObject(text, i, (k, at) => k === key && ((found = at), true));
  return found;
}

/** The value text of `key` in the object at `i`, else undefined. */
function member(text: string, i: number, key: string): string | undefined {
  const at = memberAt(text, key, i);
  return at < 0 ? undefined : text.slice(at, valueEnd(text, at));
}

/** Where the array at `i`'s elements start and end, one by one, until `visit` answers true. */
function walkArray(text: string, i: number, visit: (start: number, end: number) => boolean): void {
  if (text[i] !== '[') throw new Error('not an array');
  let j = skipSpace(text, i + 1);
  while (text[j] !== ']') {
    const end = valueEnd(text, j);
    if (visit(j, end)) return;
    j = skipSpace(text, end);
    if (text[j] === ',') j = skipSpace(text, j + 1);
  }
}
