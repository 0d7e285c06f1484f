/**
 * A small JavaScript tokenizer for showing a model's program with colours. Model output is
 * untrusted, so the program is never given to a highlighting library or to innerHTML: it is cut
 * into tokens here and drawn as React text spans. Exactness is not the goal (a regex literal
 * reads as operators); every character lands in exactly one token, so the text is unchanged.
 */
export type TokenKind =
  'comment' | 'string' | 'number' | 'keyword' | 'helper' | 'identifier' | 'punctuation' | 'space';

export interface Token {
  kind: TokenKind;
  text: string;
}

const KEYWORDS = new Set([
  'async',
  'await',
  'break',
  'case',
  'catch',
  'class',
  'const',
  'continue',
  'default',
  'delete',
  'do',
  'else',
  'false',
  'finally',
  'for',
  'function',
  'if',
  'in',
  'instanceof',
  'let',
  'new',
  'null',
  'of',
  'return',
  'switch',
  'this',
  'throw',
  'true',
  'try',
  'typeof',
  'undefined',
  'var',
  'void',
  'while',
  'yield',
]);

/** The sandbox's document helpers (docs/sandbox-helpers.md): what ties a program to cells. */
const HELPERS = new Set(['cell', 'cellInfo', 'table']);

// One alternative per kind, tried in order at the current position (sticky).
const RULES: [TokenKind, RegExp][] = [
  ['space', /\s+/y],
  ['comment', /\/\/[^\n]*|\/\*[\s\S]*?(?:\*\/|$)/y],
  ['string', /'(?:[^'\\\n]|\\.)*'?|"(?:[^"\\\n]|\\.)*"?|`(?:[^`\\]|\\[\s\S])*`?/y],
  ['number', /(?:0[xX][\da-fA-F_]+|(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][+-]?\d+)?)n?/y],
  ['identifier', /[A-Za-z_$][\w$]*/y],
];

export function tokenize(source: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  const push = (kind: TokenKind, text: string) => {
    const last = out.at(-1);
    // Runs of punctuation merge: fewer spans for the same text.
    if (last && last.kind === kind && kind === 'punctuation') last.text += text;
    else out.push({ kind, text });
  };
  outer: while (i < source.length) {
    for (const [kind, re] of RULES) {
      re.lastIndex = i;
      const m = re.exec(source);
      if (m && m[0].length > 0) {
        const text = m[0];
        if (kind === 'identifier')
          push(KEYWORDS.has(text) ? 'keyword' : HELPERS.has(text) ? 'helper' : 'identifier', text);
        else push(kind, text);
        i += text.length;
        continue outer;
      }
    }
    push('punctuation', source[i]!);
    i++;
  }
  return out;
}
