/**
 * Telling Python from JavaScript in model output, by signals that are unambiguous in one
 * language and errors (or absent) in the other. Used on untagged code blocks and on output
 * without any fence (e.g. Mistral answering a "def solution():" prompt with only the body).
 */

interface Signal {
  name: string;
  pattern: RegExp | ((code: string) => boolean);
}

/**
 * Body-only Python (`rate = 0.05` … `return total`): mostly lines of bare snake_case
 * assignments, `return` and `#` comments, no semicolons, none of JavaScript's declarations.
 * Prose with formulas ("A = P(1 + r)^n") fails the "mostly code" test and the name shape.
 */
function undeclaredAssignments(code: string): boolean {
  if (/\b(?:const|let|var|function)\b|=>|;[ \t]*$/m.test(code)) return false;
  const lines = code.split('\n').filter((l) => l.trim() !== '');
  const assignment =
    /^[ \t]*[A-Za-z_][A-Za-z0-9_]{2,}(?:\[[^\]]*\])?[ \t]*[-+*/]?=(?!=)[ \t]*([^\n]+)$/;
  const isAssignment = (line: string): boolean => {
    const rhs = assignment.exec(line)?.[1];
    return rhs !== undefined && looksLikeExpression(rhs);
  };
  const assignments = lines.filter(isAssignment).length;
  const codeLike = lines.filter(
    (l) => isAssignment(l) || /^[ \t]*(?:#|return\b|for\b|if\b|else\b|elif\b|\w+\.\w+\()/.test(l),
  ).length;
  return assignments >= 2 && codeLike >= lines.length * 0.6;
}

/**
 * The right-hand side of a code assignment, not of a worked example in prose: no currency
 * signs, thousands separators, units after numbers or words side by side ("Credit Sales").
 */
function looksLikeExpression(rhs: string): boolean {
  const code = rhs
    .replace(/#.*$/, '')
    .replace(/'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"/g, '0')
    .replace(/\b(?:if|else|and|or|not|in|is|for|lambda)\b/g, '+');
  if (/[$€£¥≈×÷^]|\d,\d{3}\b/.test(code)) return false;
  return !/[\w.)\]][ \t]+[A-Za-z_(]/.test(code.trim());
}

const PYTHON_SIGNALS: readonly Signal[] = [
  {
    name: 'def solution():',
    pattern: /^[ \t]*def[ \t]+\w+[ \t]*\([^)]*\)[^:\n]*:[ \t]*(?:#.*)?$/m,
  },
  {
    name: 'an import statement',
    pattern:
      /^[ \t]*(?:import[ \t]+[\w.]+(?:[ \t]+as[ \t]+\w+)?(?:[ \t]*,[ \t]*[\w.]+)*|from[ \t]+[\w.]+[ \t]+import[ \t]+[\w*, ()]+)[ \t]*$/m,
  },
  // `# …` comments: JavaScript has none (`#!` shebangs and `#private` names have no space).
  { name: '# comments', pattern: /^[ \t]*#(?:[ \t]|$)/m },
  { name: 'inline # comments', pattern: /^[ \t]*[\w.[\]]+[ \t]*=[^=\n#]+[ \t]#[ \t]/m },
  { name: 'undeclared assignments without semicolons', pattern: undeclaredAssignments },
  {
    name: 'colon-terminated blocks (if …:, for … in …:)',
    pattern:
      /^[ \t]*(?:if|elif|else|for|while|try|except|finally|with)\b[^{};\n]*:[ \t]*(?:#.*)?$/m,
  },
  { name: 'elif', pattern: /^[ \t]*elif\b/m },
  { name: 'math.* calls', pattern: /\bmath\.[a-z_]+\s*\(/ },
  { name: 'print()', pattern: /^[ \t]*print[ \t]*\(/m },
  { name: 'range()', pattern: /\bin[ \t]+range[ \t]*\(/ },
];

const JS_SIGNALS: readonly Signal[] = [
  { name: 'function', pattern: /\bfunction\b[ \t]*[\w$]*[ \t]*\(/ },
  { name: 'arrow function', pattern: /\)[ \t]*=>|\b[\w$]+[ \t]*=>/ },
  { name: 'const/let/var', pattern: /(?:^|[;{(])[ \t]*(?:const|let|var)[ \t]+[\w$[{]/m },
  { name: 'statements ending in ;', pattern: /;[ \t]*(?:\/\/.*)?$/m },
  { name: 'Math.*', pattern: /\bMath\.[a-zA-Z]+/ },
  { name: 'console.log', pattern: /\bconsole\.log\b/ },
  { name: '// comments', pattern: /^[ \t]*\/\/|;[ \t]*\/\// },
  { name: 'blocks in braces', pattern: /\)[ \t]*\{[ \t]*$/m },
];

const matching = (signals: readonly Signal[], code: string): string[] =>
  signals
    .filter((s) => (typeof s.pattern === 'function' ? s.pattern(code) : s.pattern.test(code)))
    .map((s) => s.name);

export interface LanguageGuess {
  language: 'python' | 'javascript' | 'unknown';
  /** The signals that decided, for the verdict's reason. */
  signals: string[];
}

/** Which language `code` is written in; "unknown" for prose or too little code to tell. */
export function guessLanguage(code: string): LanguageGuess {
  const python = matching(PYTHON_SIGNALS, code);
  const javascript = matching(JS_SIGNALS, code);
  if (python.length > javascript.length) return { language: 'python', signals: python };
  if (javascript.length > python.length) return { language: 'javascript', signals: javascript };
  if (python.length > 0 && /^[ \t]*def[ \t]/m.test(code))
    return { language: 'python', signals: python };
  return { language: 'unknown', signals: [...python, ...javascript] };
}

const JS_TAGS = new Set(['javascript', 'js', 'jsx', 'mjs', 'cjs', 'node', 'nodejs', 'ecmascript']);
const PYTHON_TAGS = new Set(['python', 'py', 'python3', 'py3', 'ipython', 'pycon', 'sage']);
const NEUTRAL_TAGS = new Set(['', 'text', 'txt', 'plaintext', 'code', 'plain']);

/** The language a fence's info string names, or "other" (json, bash, …), or "untagged". */
export function languageOfTag(tag: string): 'javascript' | 'python' | 'untagged' | 'other' {
  const t = tag.trim().toLowerCase().split(/[\s{]/, 1)[0] ?? '';
  if (JS_TAGS.has(t) || t === 'typescript' || t === 'ts') return 'javascript';
  if (PYTHON_TAGS.has(t)) return 'python';
  if (NEUTRAL_TAGS.has(t)) return 'untagged';
  return 'other';
}
