import { FastTokenizer } from './fast-tokenizer';
import type { TokenizerCallbacks } from './html-parser';

/**
 * What htmlparser2's `Parser` tells a handler (open tags with their attributes, close tags,
 * text), produced straight from its `Tokenizer`, for the reader only.
 *
 * Why not the `Parser`: for every tag it slices and lowercases the name and every attribute's
 * name and value into a fresh object, and keeps its stack with `unshift`/`shift`. Here only the
 * attributes the reader reads are built, into one reused object (other attributes' values are
 * never sliced), names are matched in place, and the stack is pushed and popped at its end.
 * The gain is modest, since the per-tag and per-attribute callbacks remain (BA's 10-K, cold, no
 * handler: Parser 100 ms CPU, this with `fast-tokenizer.ts` 90-95, the bare tokenizer 65;
 * docs/BENCHMARKS.md, "the reader drives htmlparser2's Tokenizer").
 *
 * The events are the Parser's, in the same order, with the same names and values: lowercased
 * tag and attribute names, the first of a repeated attribute, tags that imply the close of
 * others (`<tr>` closes an open `<td>`, `<p>` an open `<p>`), void elements closed at once,
 * `<x/>` closed (`recognizeSelfClosing`), `</p>` with no `<p>` open read as `<p></p>`, `</br>`
 * as `<br>`, and what is still open closed at the end, innermost first. The Document JSON of
 * every filing is byte-identical to the Parser's (`test/bench/ingest-identical.ts`).
 */

/** The attributes the reader reads; every other attribute is skipped. */
export const readAttributeNames = [
  'style', 'hidden', 'colspan', 'rowspan', 'id', 'name', 'contextref', 'unitref', 'scale',
  'sign', 'format', 'decimals', 'xsi:nil', 'dimension',
] as const; // prettier-ignore

export type AttributeName = (typeof readAttributeNames)[number];

const slotOfName = new Map<string, number>(readAttributeNames.map((n, i) => [n, i]));

/** An attribute's slot, for `TagAttributes.at`: looked up once, not per tag. */
export const attributeSlot = (name: AttributeName): number => slotOfName.get(name) as number;

/**
 * Wanted names as filings usually spell them (lowercase, and XBRL's camelCase), keyed by their
 * length and lowercased first letter (`spellingKey`): the names and their slots side by side.
 * A name whose key has no entry cannot lowercase to a wanted name, so most unwanted names
 * ("class", "href", "scheme") are refused without being sliced.
 */
const spelledNames = new Map<number, string[]>();
const spelledSlots = new Map<number, number[]>();
const spellingKey = (length: number, firstLower: number) => length * 128 + firstLower;
const spell = (name: string, as: AttributeName) => {
  const key = spellingKey(name.length, name.charCodeAt(0) | 0x20);
  let names = spelledNames.get(key);
  let slots = spelledSlots.get(key);
  if (names === undefined || slots === undefined) {
    names = [];
    slots = [];
    spelledNames.set(key, names);
    spelledSlots.set(key, slots);
  }
  names.push(name);
  slots.push(slotOfName.get(as) as number);
};
for (const name of readAttributeNames) spell(name, name);
spell('contextRef', 'contextref');
spell('unitRef', 'unitref');

/** An open tag's attributes (the wanted ones); one object, refilled for every tag. */
export class TagAttributes {
  private readonly values: (string | undefined)[] = readAttributeNames.map(() => undefined);
  private set = 0;

  get(name: AttributeName): string | undefined {
    return this.values[slotOfName.get(name) as number];
  }

  /** The value in a slot (`attributeSlot`): `get` without the name's lookup, for every tag. */
  at(slot: number): string | undefined {
    return this.values[slot];
  }

  /** Whether the tag has the attribute at all (as `name in attribs` did). */
  has(name: AttributeName): boolean {
    return this.values[slotOfName.get(name) as number] !== undefined;
  }

  /** @internal The first value of a repeated attribute wins, as in the Parser. */
  put(slot: number, value: string): void {
    if (this.values[slot] !== undefined) return;
    this.values[slot] = value;
    this.set++;
  }

  /** @internal */
  hasSlot(slot: number): boolean {
    return this.values[slot] !== undefined;
  }

  /** @internal */
  clear(): void {
    if (this.set === 0) return;
    this.values.fill(undefined);
    this.set = 0;
  }
}

export interface TagHandler {
  /** `attribs` is reused for the next tag: read what is needed now, keep nothing. */
  onopentag(name: string, attribs: TagAttributes): void;
  onclosetag(name: string): void;
  ontext(data: string): void;
}

// The Parser's tables (htmlparser2 10, Parser.js), for HTML mode.
const formTags = new Set([
  'input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea',
]); // prettier-ignore
const pTag = new Set(['p']);
const tableSectionTags = new Set(['thead', 'tbody']);
const ddtTags = new Set(['dd', 'dt']);
const rtpTags = new Set(['rt', 'rp']);
const openImpliesClose = new Map<string, Set<string>>([
  ['tr', new Set(['tr', 'th', 'td'])], ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])], ['body', new Set(['head', 'link', 'script'])],
  ['li', new Set(['li'])], ['p', pTag], ['h1', pTag], ['h2', pTag], ['h3', pTag], ['h4', pTag],
  ['h5', pTag], ['h6', pTag], ['select', formTags], ['input', formTags],
  ['output', formTags], ['button', formTags], ['datalist', formTags], ['textarea', formTags],
  ['option', new Set(['option'])], ['optgroup', new Set(['optgroup', 'option'])],
  ['dd', ddtTags], ['dt', ddtTags], ['address', pTag], ['article', pTag], ['aside', pTag],
  ['blockquote', pTag], ['details', pTag], ['div', pTag], ['dl', pTag], ['fieldset', pTag],
  ['figcaption', pTag], ['figure', pTag], ['footer', pTag], ['form', pTag], ['header', pTag],
  ['hr', pTag], ['main', pTag], ['nav', pTag], ['ol', pTag], ['pre', pTag],
  ['section', pTag], ['table', pTag], ['ul', pTag], ['rt', rtpTags], ['rp', rtpTags],
  ['tbody', tableSectionTags], ['tfoot', tableSectionTags],
]); // prettier-ignore
const voidElements = new Set([
  'area', 'base', 'basefont', 'br', 'col', 'command', 'embed', 'frame', 'hr', 'img', 'input',
  'isindex', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr',
]); // prettier-ignore

/** The Tokenizer's callbacks, turned into the handler's events. */
class HtmlEvents implements TokenizerCallbacks {
  /** Open elements, innermost last (the Parser keeps them innermost first). */
  private readonly stack: string[] = [];
  private readonly attribs = new TagAttributes();
  private tagname = '';
  /** Whether an open tag's attributes are being read (the Parser's `attribs !== null`). */
  private inOpenTag = false;
  /** The wanted attribute being read (-1: one that is skipped), and its value so far. */
  private slot = -1;
  private value = '';

  /** `html` is the whole text, also when it is written in slices (positions are absolute). */
  constructor(
    private readonly html: string,
    private readonly handler: TagHandler,
  ) {}

  ontext(start: number, endIndex: number): void {
    this.handler.ontext(this.html.slice(start, endIndex));
  }

  ontextentity(codepoint: number): void {
    this.handler.ontext(String.fromCodePoint(codepoint));
  }

  onopentagname(start: number, endIndex: number): void {
    this.openTag(this.html.slice(start, endIndex).toLowerCase());
  }

  private openTag(name: string): void {
    this.tagname = name;
    const impliesClose = openImpliesClose.get(name);
    if (impliesClose !== undefined) {
      const stack = this.stack;
      while (stack.length > 0 && impliesClose.has(stack[stack.length - 1] as string)) {
        this.handler.onclosetag(stack.pop() as string);
      }
    }
    if (!voidElements.has(name)) this.stack.push(name);
    this.attribs.clear();
    this.inOpenTag = true;
  }

  private endOpenTag(): void {
    const name = this.tagname;
    if (this.inOpenTag) {
      this.inOpenTag = false;
      this.handler.onopentag(name, this.attribs);
    }
    if (voidElements.has(name)) this.handler.onclosetag(name);
    this.tagname = '';
  }

  onopentagend(): void {
    this.endOpenTag();
  }

  onclosetag(start: number, endIndex: number): void {
    // Most end tags close the innermost element, spelled as it was opened: compared in place,
    // with nothing sliced or lowercased (an element on the stack is never a void one)
    const stack = this.stack;
    const top = stack[stack.length - 1];
    if (top !== undefined && top.length === endIndex - start && this.html.startsWith(top, start)) {
      stack.pop();
      this.handler.onclosetag(top);
      return;
    }
    const name = this.html.slice(start, endIndex).toLowerCase();
    if (!voidElements.has(name)) {
      const at = stack.lastIndexOf(name);
      if (at !== -1) {
        while (stack.length > at) this.handler.onclosetag(stack.pop() as string);
      } else if (name === 'p') {
        // `</p>` with no `<p>` open: an empty paragraph, as browsers (and the Parser) read it
        this.openTag('p');
        this.closeCurrentTag();
      }
    } else if (name === 'br') {
      this.attribs.clear();
      this.handler.onopentag('br', this.attribs);
      this.handler.onclosetag('br');
    }
  }

  onselfclosingtag(): void {
    this.closeCurrentTag();
  }

  private closeCurrentTag(): void {
    const name = this.tagname;
    this.endOpenTag();
    const stack = this.stack;
    if (stack.length > 0 && stack[stack.length - 1] === name) {
      this.handler.onclosetag(name);
      stack.pop();
    }
  }

  onattribname(start: number, endIndex: number): void {
    const slot = this.slotOf(start, endIndex);
    // A repeated attribute keeps its first value: the later one need not be read at all
    this.slot = slot !== -1 && this.attribs.hasSlot(slot) ? -1 : slot;
    this.value = '';
  }

  onattribdata(start: number, endIndex: number): void {
    if (this.slot !== -1) this.value += this.html.slice(start, endIndex);
  }

  onattribentity(codepoint: number): void {
    if (this.slot !== -1) this.value += String.fromCodePoint(codepoint);
  }

  onattribend(): void {
    if (this.slot !== -1 && this.inOpenTag) this.attribs.put(this.slot, this.value);
    this.slot = -1;
    this.value = '';
  }

  /** The wanted attribute a name is (compared lowercased, as the Parser lowercases it), or -1. */
  private slotOf(start: number, end: number): number {
    const html = this.html;
    // Only names of a wanted name's length and first letter (any case) can be wanted. The
    // first letter is lowercased as an ASCII letter; any other character maps to a key no
    // wanted name has (wanted names start with a letter), or to one whose candidates then fail.
    const key = spellingKey(end - start, html.charCodeAt(start) | 0x20);
    const names = spelledNames.get(key);
    if (names === undefined) return -1;
    // As filings spell them: compared in place, natively (a loop over the characters costs
    // more in code V8 has not optimized yet; so does for-of with destructuring, cold)
    const slots = spelledSlots.get(key) as number[];
    for (let i = 0; i < names.length; i++) {
      if (html.startsWith(names[i] as string, start)) return slots[i] as number;
    }
    // Any other spelling ("STYLE", "ColSpan"), lowercased as the Parser does
    return slotOfName.get(html.slice(start, end).toLowerCase()) ?? -1;
  }

  onend(): void {
    const stack = this.stack;
    for (let i = stack.length - 1; i >= 0; i--) this.handler.onclosetag(stack[i] as string);
  }

  // Comments, CDATA (a comment in HTML), declarations and processing instructions: not content
  oncdata(): void {}
  oncomment(): void {}
  ondeclaration(): void {}
  onprocessinginstruction(): void {}
}

/** Tokenizer options: entities decoded, HTML mode (as the Parser with the reader's options). */
const tokenizerOptions = { decodeEntities: true, xmlMode: false };

/** Big texts are written in slices so progress can be reported between them. */
const sliceChars = 1 << 20;

/** Reads `html`, telling `handler` what it finds; `onProgress` gets the share read (0..1). */
export function readHtml(
  html: string,
  handler: TagHandler,
  onProgress?: (share: number) => void,
): void {
  const tokenizer = new FastTokenizer(tokenizerOptions, new HtmlEvents(html, handler));
  if (onProgress === undefined || html.length <= sliceChars) tokenizer.write(html);
  else {
    for (let at = 0; at < html.length; at += sliceChars) {
      tokenizer.write(html.slice(at, at + sliceChars));
      onProgress(Math.min(1, (at + sliceChars) / html.length));
    }
  }
  tokenizer.end();
}
