import { PyError } from './py-value';

export type PyToken =
  | { k: 'int'; text: string }
  | { k: 'float'; text: string }
  | { k: 'imag'; text: string }
  | { k: 'str'; value: string }
  | { k: 'name'; text: string }
  | { k: 'op'; text: string }
  | { k: 'end' };

const FLOAT_RE =
  /^(?:(?:\d(?:_?\d)*)?\.\d(?:_?\d)*(?:[eE][+-]?\d(?:_?\d)*)?|\d(?:_?\d)*\.(?:[eE][+-]?\d(?:_?\d)*)?|\d(?:_?\d)*[eE][+-]?\d(?:_?\d)*)/;
const INT_RE = /^\d(?:_?\d)*/;
const NAME_RE = /^[\p{L}_][\p{L}\p{N}_]*/u;
const OPS = ['**', '//', '<<', '>>', '<=', '>=', '==', '!=', '->', ':='];
const SINGLE_OPS = '+-*/%^()[],.&|~<>@:{};=!';

/** Python's rule: a decimal int literal may not start with 0 unless it is all zeros. */
function checkInt(text: string): void {
  const digits = text.replace(/_/g, '');
  if (digits.length > 1 && digits.startsWith('0') && /[1-9]/.test(digits))
    throw new PyError('SyntaxError', 'leading zeros in decimal integer literals are not permitted');
}

function readString(src: string, start: number): { value: string; end: number } {
  const quote = src[start] ?? '';
  let i = start + 1;
  let out = '';
  while (i < src.length) {
    const ch = src[i] ?? '';
    if (ch === '\\') {
      const next = src[i + 1] ?? '';
      out += next === 'n' ? '\n' : next === 't' ? '\t' : next;
      i += 2;
      continue;
    }
    if (ch === '\n') break;
    if (ch === quote) return { value: out, end: i + 1 };
    out += ch;
    i++;
  }
  throw new PyError('SyntaxError', 'unterminated string literal');
}

/**
 * Tokens of a Python expression as eval() sees it: leading whitespace ignored, newlines only
 * inside brackets or as trailing blank lines, `#` comments dropped.
 */
export function tokenize(source: string): PyToken[] {
  if (source.includes('\0'))
    throw new PyError('SyntaxError', 'source code cannot contain null bytes');
  const src = source.replace(/^[ \t\f\n\r]+/, '');
  const tokens: PyToken[] = [];
  let depth = 0;
  let i = 0;
  while (i < src.length) {
    const ch = src[i] ?? '';
    if (ch === ' ' || ch === '\t' || ch === '\f') {
      i++;
      continue;
    }
    if (ch === '#') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    if (ch === '\n' || ch === '\r') {
      if (depth > 0 || /^[\r\n]*$/.test(src.slice(i))) {
        i++;
        continue;
      }
      throw new PyError('SyntaxError', 'invalid syntax (newline)');
    }
    if (ch === '\\' && (src[i + 1] === '\n' || i + 1 === src.length)) {
      i += 2;
      continue;
    }
    const rest = src.slice(i);
    const f = FLOAT_RE.exec(rest);
    if (/[0-9]/.test(ch) || (ch === '.' && /[0-9]/.test(src[i + 1] ?? ''))) {
      if (/^0[xXoObB]/.test(rest)) throw new PyError('Unsupported', 'non-decimal int literal');
      let text: string;
      let kind: 'int' | 'float';
      if (f) {
        text = f[0];
        kind = 'float';
      } else {
        text = (INT_RE.exec(rest) ?? [''])[0];
        kind = 'int';
        checkInt(text);
      }
      i += text.length;
      if (src[i] === 'j' || src[i] === 'J') {
        tokens.push({ k: 'imag', text });
        i++;
      } else tokens.push({ k: kind, text });
      if (/[\p{L}\p{N}_]/u.test(src[i] ?? ''))
        throw new PyError('SyntaxError', 'invalid decimal literal');
      continue;
    }
    if (ch === '"' || ch === "'") {
      const s = readString(src, i);
      tokens.push({ k: 'str', value: s.value });
      i = s.end;
      continue;
    }
    const name = NAME_RE.exec(rest);
    if (name) {
      tokens.push({ k: 'name', text: name[0] });
      i += name[0].length;
      continue;
    }
    const two = OPS.find((op) => rest.startsWith(op));
    const op = two ?? (SINGLE_OPS.includes(ch) ? ch : undefined);
    if (op === undefined) throw new PyError('SyntaxError', `invalid character '${ch}'`);
    if (op === '(' || op === '[' || op === '{') depth++;
    if (op === ')' || op === ']' || op === '}') depth = Math.max(0, depth - 1);
    tokens.push({ k: 'op', text: op });
    i += op.length;
  }
  tokens.push({ k: 'end' });
  return tokens;
}
