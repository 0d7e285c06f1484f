import { guessLanguage, languageOfTag } from './code-language';
import { endOfStatement } from './js-scan';

/**
 * Finds the JavaScript program in a model's answer.
 *
 * - Fenced blocks (```javascript, ```js, untagged that read as JavaScript): the one defining
 *   `solution` wins, then one mentioning it, then the last JavaScript block.
 * - No usable fence: a `function solution(…) {…}` or `const solution = … =>` written into the
 *   prose is cut out with the code lines just before it (helpers); trailing prose is dropped.
 * - Python (```python fences, `def solution():`, `import math`, `# comments`, body-only answers
 *   to a "def solution():" prompt) gets a verdict instead: it is never run as JavaScript.
 */
export type ExtractedProgram =
  | { kind: 'javascript'; program: string; from: 'fence' | 'prose' | 'whole-output' }
  | { kind: 'python'; reason: string }
  | { kind: 'none'; reason: string };

interface Fence {
  tag: string;
  body: string;
}

/**
 * ```tag\n…``` blocks. A fence opens only at the start of a line (a "```javascript block"
 * mentioned mid-sentence is prose) and closes at the next fence, wherever it is (models write
 * `return x;```); an unclosed last block (a truncated answer) runs to the end.
 */
function fencedBlocks(text: string): Fence[] {
  const blocks: Fence[] = [];
  const opener = /(?:^|\n)[ \t]*(`{3,}|~{3,})([^\n`]*)\n/g;
  let match: RegExpExecArray | null;
  while ((match = opener.exec(text)) !== null) {
    const fence = match[1] ?? '```';
    const start = match.index + match[0].length;
    const close = text.indexOf(fence, start);
    const end = close < 0 ? text.length : close;
    blocks.push({ tag: match[2] ?? '', body: text.slice(start, end) });
    opener.lastIndex = close < 0 ? text.length : close + fence.length;
  }
  return blocks;
}

const DEFINES_SOLUTION =
  /\bfunction\s+solution\s*\(|\b(?:const|let|var)\s+solution\s*=|(?:^|[;\n])\s*solution\s*=\s*(?:async\b|function\b|\(|[\w$]+\s*=>)/;
const PYTHON_DEF = /^[ \t]*def[ \t]+solution[ \t]*\(/m;

/** ES-module and CommonJS wrappers that a plain script cannot run. */
function unwrapModuleSyntax(code: string): string {
  return code
    .replace(
      /^([ \t]*)export[ \t]+(?:default[ \t]+)?(?=(?:async[ \t]+)?function\b|const\b|let\b|var\b|class\b)/gm,
      '$1',
    )
    .replace(/^[ \t]*module\.exports\b[^\n]*$/gm, '')
    .replace(/\s+$/, '');
}

function pickBlock(blocks: Fence[]): Fence | undefined {
  const last = <T>(items: T[]): T | undefined => items[items.length - 1];
  return (
    last(blocks.filter((b) => DEFINES_SOLUTION.test(b.body))) ??
    last(blocks.filter((b) => /\bsolution\b/.test(b.body))) ??
    last(blocks)
  );
}

/** A line that reads as JavaScript code (used to take helper code written before solution). */
const CODE_LINE =
  /^\s*(?:\/\/|\/\*|\*|\}|\{|\)|\]|(?:async\s+)?function\b|const\b|let\b|var\b|class\b|return\b|if\b|else\b|for\b|while\b|switch\b|case\b|try\b|catch\b|finally\b|['"]use strict['"]|[\w$.[\]]+\s*(?:[-+*/%]?=[^=]|\(|\+\+|--))/;

/** Cuts `solution`'s definition (and code lines right above it) out of prose. */
function solutionInProse(text: string): string | undefined {
  const found = DEFINES_SOLUTION.exec(text);
  if (!found) return undefined;
  let start = found.index;
  // The regex may have consumed a leading newline/`;`.
  while (start < text.length && /[\s;]/.test(text[start] ?? '')) start++;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const isFunctionDeclaration = /^(?:async\s+)?function\b/.test(text.slice(start));
  const end = endOfStatement(text, start, isFunctionDeclaration);
  if (text.slice(lineStart, start).trim() === '') {
    // Solution starts its line: take the code lines above it too (helpers, constants).
    const lines = text.slice(0, lineStart).split('\n');
    lines.pop(); // the empty piece after the last newline
    let keep = 0;
    for (let i = lines.length - 1; i >= 0; i--) {
      const line = lines[i] ?? '';
      if (CODE_LINE.test(line)) keep = lines.length - i;
      else if (line.trim() !== '') break;
    }
    const above = keep > 0 ? lines.slice(lines.length - keep).join('\n') + '\n' : '';
    return above + text.slice(start, end);
  }
  return text.slice(start, end);
}

export function extractProgram(output: string): ExtractedProgram {
  const text = output.replace(/\r\n?/g, '\n');
  const blocks = fencedBlocks(text);
  const javascript: Fence[] = [];
  const python: string[] = [];
  for (const block of blocks) {
    const tagged = languageOfTag(block.tag);
    if (tagged === 'javascript') javascript.push(block);
    else if (tagged === 'python') python.push(`a \`\`\`${block.tag.trim()} code block`);
    else if (tagged === 'untagged') {
      const guess = guessLanguage(block.body);
      if (guess.language === 'javascript') javascript.push(block);
      else if (guess.language === 'python') {
        python.push(`an untagged code block with ${guess.signals.join(', ')}`);
      }
    }
  }
  const chosen = pickBlock(javascript);
  if (chosen)
    return { kind: 'javascript', program: unwrapModuleSyntax(chosen.body), from: 'fence' };
  if (python.length > 0) return { kind: 'python', reason: `Python code: ${python[0]}` };

  if (PYTHON_DEF.test(text)) return { kind: 'python', reason: 'Python code: def solution():' };
  const inProse = solutionInProse(text);
  if (inProse !== undefined) {
    return { kind: 'javascript', program: unwrapModuleSyntax(inProse), from: 'prose' };
  }
  const guess = guessLanguage(text);
  if (guess.language === 'python') {
    return { kind: 'python', reason: `Python code: ${guess.signals.join(', ')}` };
  }
  if (guess.language === 'javascript' && wholeOutputIsCode(text)) {
    return { kind: 'javascript', program: unwrapModuleSyntax(text.trim()), from: 'whole-output' };
  }
  return {
    kind: 'none',
    reason:
      blocks.length > 0
        ? 'no JavaScript or Python code block (only other languages)'
        : 'no code block and no solution function in the output',
  };
}

/** Every non-blank line reads as code: the output is a bare program, not prose. */
function wholeOutputIsCode(text: string): boolean {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  return lines.length > 0 && lines.every((l) => CODE_LINE.test(l) || /[;{}(),]\s*$/.test(l));
}
