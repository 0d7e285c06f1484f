import { Tokenizer } from 'htmlparser2';
import { FastTokenizer } from '../../main/ingest/sec-html/fast-tokenizer';

/**
 * Every callback a Tokenizer makes, with its arguments, as one string per call: to hold the
 * reader's FastTokenizer to the stock one call for call, position for position.
 */
export function tokenizerCalls(fast: boolean, slices: string[]): string[] {
  const calls: string[] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) => {
      calls.push(`${name}(${args.join(',')})`);
    };
  const callbacks = {
    onattribdata: record('attribdata'),
    onattribentity: record('attribentity'),
    onattribend: record('attribend'),
    onattribname: record('attribname'),
    oncdata: record('cdata'),
    onclosetag: record('closetag'),
    oncomment: record('comment'),
    ondeclaration: record('declaration'),
    onend: record('end'),
    onopentagend: record('opentagend'),
    onopentagname: record('opentagname'),
    onprocessinginstruction: record('processinginstruction'),
    onselfclosingtag: record('selfclosingtag'),
    ontext: record('text'),
    ontextentity: record('textentity'),
  };
  // The reader's options (html-events.ts): entities decoded, HTML mode.
  const options = { decodeEntities: true, xmlMode: false };
  const tokenizer = fast
    ? new FastTokenizer(options, callbacks)
    : new Tokenizer(options, callbacks);
  for (const s of slices) tokenizer.write(s);
  tokenizer.end();
  return calls;
}

/** Index of the first call where the two lists differ, or -1; with the calls around it. */
export function firstDifference(a: string[], b: string[]): { at: number; context: string } {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] !== b[i]) {
      const around = (x: string[]) => x.slice(Math.max(0, i - 3), i + 3).join(' ');
      return { at: i, context: `stock: ${around(a)}\nfast:  ${around(b)}` };
    }
  }
  return { at: -1, context: '' };
}

/** `text` cut into pieces of `size` characters (the last one shorter). */
export const slicesOf = (text: string, size: number): string[] => {
  const out: string[] = [];
  for (let at = 0; at < text.length; at += size) out.push(text.slice(at, at + size));
  return out.length === 0 ? [''] : out;
};
