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

/**
 * Scans code from `start` until `end` or an unmatched `}` (the end of a template's `${…}`);
 * returns where it stopped.
 */
function scan(src: string, start: number, end: number, out: ProgramLiteral[]): number {
  let i = start;
  /** Paren depths at which a helper call's arguments are open. */
  const helperDepths: number[] = [];
  let depth = 0;
  let braces = 0;
  /** The last significant token, to tell a regex `/` from a division. */
  let prev: 'value' | 'operator' | 'word' = 'operator';
  let prevWord = '';
  let pendingHelper = false;
  while (i < end) {
    const c = src[i] ?? '';
    const next = src[i + 1] ?? '';
    if (c === '/' && next === '/') {
      const eol = src.indexOf('\n', i);
      i = eol < 0 ? end : eol;
      continue;
    }
    if (c === '/' && next === '*') {
      const close = src.indexOf('*/', i + 2);
      i = close < 0 ? end : close + 2;
      continue;
    }
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '"' || c === "'") {
      i = skipQuoted(src, i, c);
      prev = 'value';
      pendingHelper = false;
      continue;
    }
    if (c === '`') {
      i = skipTemplate(src, i, out);
      prev = 'value';
      pendingHelper = false;
      continue;
    }
    if (c === '/' && (prev === 'operator' || (prev === 'word' && REGEX_AFTER_WORD.has(prevWord)))) {
      i = skipRegex(src, i);
      prev = 'value';
      continue;
    }
    if (ID_START.test(c)) {
      let j = i + 1;
      while (j < end && ID_PART.test(src[j] ?? '')) j++;
      const word = src.slice(i, j);
      // `x.cell(` is a method of something else, not the sandbox helper.
      const isProperty = precedingSignificant(src, i) === '.';
      pendingHelper = HELPERS.has(word) && !isProperty;
      prev = REGEX_AFTER_WORD.has(word) ? 'word' : 'value';
      prevWord = word;
      i = j;
      continue;
    }
    if (/\d/.test(c) || (c === '.' && /\d/.test(next))) {
      const m = NUMBER.exec(src.slice(i, Math.min(end, i + 64)));
      const text = m?.[0] ?? c;
      if (!text.endsWith('n') && helperDepths.length === 0) {
        const value = Number(text.replace(/_/g, ''));
        if (Number.isFinite(value)) out.push({ text, value, index: i, ...literalPrecision(text) });
      }
      i += text.length;
      prev = 'value';
      pendingHelper = false;
      continue;
    }
    // Punctuation and operators.
    if (c === '(') {
      depth++;
      if (pendingHelper) helperDepths.push(depth);
      prev = 'operator';
    } else if (c === ')') {
      if (helperDepths[helperDepths.length - 1] === depth) helperDepths.pop();
      depth--;
      prev = 'value';
    } else if (c === ']') {
      prev = 'value';
    } else if (c === '{') {
      braces++;
      prev = 'operator';
    } else if (c === '}') {
      if (braces === 0) return i;
      braces--;
      // After a block a regex may follow; after an object literal a division. Blocks are far
      // more common in programs.
      prev = 'operator';
    } else if ((c === '+' || c === '-') && next === c) {
      // ++/-- leave an operand behind (x++ / 2) or come before one (++x): keep `prev`.
      i += 2;
      continue;
    } else {
      prev = 'operator';
    }
    pendingHelper = false;
    i++;
  }
  return i;
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
