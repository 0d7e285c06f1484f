/**
 * The numeric literals a JavaScript program writes, for the grounding report. A small lexer,
 * not a parser: it skips comments, strings, template text (scanning `${…}` as code) and regex
 * literals, and leaves out the arguments of cell(), cellInfo() and table() calls, which are
 * addresses (grid positions), not numbers the answer uses. Identifiers such as `t21` or `x2`
 * are not numbers. A minus sign in front is not part of the literal (the value is its
 * magnitude); the grounding compares magnitudes.
 */

export interface ProgramLiteral {
  /** As written ("1_234.5", "1e6", "0x10"). */
  text: string;
  /** Its value (magnitude). */
  value: number;
  /** Offset in the program, for highlighting. */
  index: number;
  /** Digits after the decimal point as written, shifted by any exponent ("2.5e3" → -2). */
  decimals: number;
  /** Significant digits as written (trailing zeros of an integer not counted). */
  significant: number;
}

const HELPERS = new Set(['cell', 'cellInfo', 'table']);
const ID_START = /[A-Za-z_$\u00c0-\uffff]/;
const ID_PART = /[\w$\u00c0-\uffff]/;
const NUMBER =
  /^(?:0[xX][\da-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][+-]?\d[\d_]*)?)n?/;

/** Keywords after which a `/` starts a regex rather than a division. */
const REGEX_AFTER_WORD = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
]);

function literalPrecision(text: string): { decimals: number; significant: number } {
  const t = text.replace(/_/g, '').toLowerCase();
  if (/^0[xob]/.test(t)) return { decimals: 0, significant: t.length - 2 };
  const [mantissa = '', exp = '0'] = t.split('e');
  const dot = mantissa.indexOf('.');
  const fraction = dot < 0 ? '' : mantissa.slice(dot + 1);
  const decimals = fraction.length - Number(exp);
  let digits = mantissa.replace('.', '').replace(/^0+/, '');
  if (dot < 0) digits = digits.replace(/0+$/, '');
  return { decimals, significant: Math.max(1, digits.length) };
}

export function programLiterals(program: string): ProgramLiteral[] {
  const out: ProgramLiteral[] = [];
  scan(program, 0, program.length, out);
  return out;
}

/** Where one scan is in the program, and what it has seen (the lexer's state). */
interface Lexer {
  src: string;
  end: number;
  out: ProgramLiteral[];
  i: number;
  /** Paren depths at which a helper call's arguments are open. */
  helperDepths: number[];
  depth: number;
  braces: number;
  /** The last significant token, to tell a regex `/` from a division. */
  prev: 'value' | 'operator' | 'word';
  prevWord: string;
  pendingHelper: boolean;
}

/** Past a comment or a white-space character at `i`; undefined when neither is there. */
function skipTrivia(src: string, i: number, end: number): number | undefined {
  const c = src[i] ?? '';
  const next = src[i + 1] ?? '';
  if (c === '/' && next === '/') {
    const eol = src.indexOf('\n', i);
    return eol < 0 ? end : eol;
  }
  if (c === '/' && next === '*') {
    const close = src.indexOf('*/', i + 2);
    return close < 0 ? end : close + 2;
  }
  if (/\s/.test(c)) return i + 1;
  return undefined;
}

/** Skips a string, template (scanning its `${…}`) or regex literal; false when none starts here. */
function skipLiteral(lx: Lexer, c: string): boolean {
  if (c === '"' || c === "'") {
    lx.i = skipQuoted(lx.src, lx.i, c);
    lx.prev = 'value';
    lx.pendingHelper = false;
    return true;
  }
  if (c === '`') {
    lx.i = skipTemplate(lx.src, lx.i, lx.out);
    lx.prev = 'value';
    lx.pendingHelper = false;
    return true;
  }
  if (
    c === '/' &&
    (lx.prev === 'operator' || (lx.prev === 'word' && REGEX_AFTER_WORD.has(lx.prevWord)))
  ) {
    lx.i = skipRegex(lx.src, lx.i);
    lx.prev = 'value';
    return true;
  }
  return false;
}

/** An identifier or keyword: notes whether it names a helper whose arguments come next. */
function readWord(lx: Lexer): void {
  const { src, i, end } = lx;
  let j = i + 1;
  while (j < end && ID_PART.test(src[j] ?? '')) j++;
  const word = src.slice(i, j);
  // `x.cell(` is a method of something else, not the sandbox helper.
  const isProperty = precedingSignificant(src, i) === '.';
  lx.pendingHelper = HELPERS.has(word) && !isProperty;
  lx.prev = REGEX_AFTER_WORD.has(word) ? 'word' : 'value';
  lx.prevWord = word;
  lx.i = j;
}

/** A numeric literal: recorded unless it is a BigInt or a helper call's argument. */
function readNumber(lx: Lexer, c: string): void {
  const { src, i, end } = lx;
  const m = NUMBER.exec(src.slice(i, Math.min(end, i + 64)));
  const text = m?.[0] ?? c;
  if (!text.endsWith('n') && lx.helperDepths.length === 0) {
    const value = Number(text.replace(/_/g, ''));
    if (Number.isFinite(value)) lx.out.push({ text, value, index: i, ...literalPrecision(text) });
  }
  lx.i += text.length;
  lx.prev = 'value';
  lx.pendingHelper = false;
}

/**
 * Punctuation and operators: parens open and close helper arguments, braces nest. Answers
 * false at an unmatched `}` (the end of a template's `${…}`), leaving `lx.i` on it.
 */
function readPunctuation(lx: Lexer, c: string, next: string): boolean {
  if (c === '(') {
    lx.depth++;
    if (lx.pendingHelper) lx.helperDepths.push(lx.depth);
    lx.prev = 'operator';
  } else if (c === ')') {
    if (lx.helperDepths[lx.helperDepths.length - 1] === lx.depth) lx.helperDepths.pop();
    lx.depth--;
    lx.prev = 'value';
  } else if (c === ']') {
    lx.prev = 'value';
  } else if (c === '{') {
    lx.braces++;
    lx.prev = 'operator';
  } else if (c === '}') {
    if (lx.braces === 0) return false;
    lx.braces--;
    // After a block a regex may follow; after an object literal a division. Blocks are far
    // more common in programs.
    lx.prev = 'operator';
  } else if ((c === '+' || c === '-') && next === c) {
    // ++/-- leave an operand behind (x++ / 2) or come before one (++x): keep `prev`.
    lx.i += 2;
    return true;
  } else {
    lx.prev = 'operator';
  }
  lx.pendingHelper = false;
  lx.i++;
  return true;
}

/**
 * Scans code from `start` until `end` or an unmatched `}` (the end of a template's `${…}`);
 * returns where it stopped.
 */
function scan(src: string, start: number, end: number, out: ProgramLiteral[]): number {
  const lx: Lexer = {
    src,
    end,
    out,
    i: start,
    helperDepths: [],
    depth: 0,
    braces: 0,
    prev: 'operator',
    prevWord: '',
    pendingHelper: false,
  };
  while (lx.i < end) {
    const c = src[lx.i] ?? '';
    const next = src[lx.i + 1] ?? '';
    const after = skipTrivia(src, lx.i, end);
    if (after !== undefined) lx.i = after;
    else if (skipLiteral(lx, c)) continue;
    else if (ID_START.test(c)) readWord(lx);
    else if (/\d/.test(c) || (c === '.' && /\d/.test(next))) readNumber(lx, c);
    else if (!readPunctuation(lx, c, next)) return lx.i;
  }
  return lx.i;
}

function precedingSignificant(src: string, at: number): string {
  let j = at - 1;
  while (j >= 0 && /\s/.test(src[j] ?? '')) j--;
  return src[j] ?? '';
}

function skipQuoted(src: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < src.length) {
    const c = src[i];
    if (c === '\\') i += 2;
    else if (c === quote || c === '\n') return i + 1;
    else i++;
  }
  return src.length;
}

function skipTemplate(src: string, start: number, out: ProgramLiteral[]): number {
  let i = start + 1;
  while (i < src.length) {
    const c = src[i];
    if (c === '\\') {
      i += 2;
    } else if (c === '`') {
      return i + 1;
    } else if (c === '$' && src[i + 1] === '{') {
      // `${ … }` is code: numbers there are used (`${(x * 100).toFixed(1)}%`).
      i = scan(src, i + 2, src.length, out) + 1;
    } else {
      i++;
    }
  }
  return src.length;
}

function skipRegex(src: string, start: number): number {
  let i = start + 1;
  let inClass = false;
  while (i < src.length) {
    const c = src[i];
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c === '\n') return i;
    if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    else if (c === '/' && !inClass) {
      i++;
      while (i < src.length && /[a-z]/i.test(src[i] ?? '')) i++;
      return i;
    }
    i++;
  }
  return src.length;
}
