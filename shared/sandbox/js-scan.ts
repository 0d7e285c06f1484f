/**
 * A lexical scan of JavaScript good enough to find where a definition ends inside model prose:
 * it skips strings, template literals (with `${…}` nesting) and comments while counting
 * brackets. Regex literals are not recognised (a `{` inside one is rare in finance programs).
 */

const OPEN = '([{';
const CLOSE = ')]}';

/**
 * Index just past the end of the statement starting at `start`: the bracket that closes the
 * first top-level `{…}` of a function declaration, or the first `;` / line end at depth 0
 * after something was seen, for `const f = () => …` forms. Returns text.length if unclosed.
 */
export function endOfStatement(text: string, start: number, stopAtBlock: boolean): number {
  let depth = 0;
  let seenBlock = false;
  let i = start;
  const n = text.length;
  while (i < n) {
    const c = text[i] ?? '';
    const next = text[i + 1] ?? '';
    if (c === '/' && next === '/') {
      const eol = text.indexOf('\n', i);
      if (eol < 0) return n;
      i = eol;
      continue;
    }
    if (c === '/' && next === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? n : close + 2;
      continue;
    }
    if (c === '"' || c === "'") {
      i = skipQuoted(text, i, c);
      continue;
    }
    if (c === '`') {
      i = skipTemplate(text, i);
      continue;
    }
    if (OPEN.includes(c)) {
      depth++;
      if (c === '{') seenBlock = true;
    } else if (CLOSE.includes(c)) {
      depth--;
      if (depth <= 0 && c === '}' && stopAtBlock && seenBlock) return i + 1;
      if (depth < 0) return i;
    } else if (depth === 0 && c === ';') {
      return i + 1;
    } else if (depth === 0 && c === '\n' && !stopAtBlock && endsExpression(text, i)) {
      return i;
    }
    i++;
  }
  return n;
}

/** True when the code before the newline at `at` cannot continue on the next line. */
function endsExpression(text: string, at: number): boolean {
  const before = text.slice(Math.max(0, at - 3), at).trimEnd();
  if (before.length === 0) return false;
  const last = before[before.length - 1] ?? '';
  if (before.endsWith('=>')) return false;
  if ('=+-*/%&|^!?:,.('.includes(last)) return false;
  // The next line starting with an operator or `.` continues the expression.
  const rest = text.slice(at + 1).trimStart();
  const first = rest[0] ?? '';
  return !'.?:+-*/%&|^,)'.includes(first) || rest.length === 0;
}

function skipQuoted(text: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\') i += 2;
    else if (c === quote || c === '\n') return i + 1;
    else i++;
  }
  return text.length;
}

function skipTemplate(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\') {
      i += 2;
    } else if (c === '`') {
      return i + 1;
    } else if (c === '$' && text[i + 1] === '{') {
      // `${ … }` holds code: find its closing brace with the same scanner.
      const end = endOfStatement(text, i + 1, true);
      i = end;
    } else {
      i++;
    }
  }
  return text.length;
}
