/**
 * Text the CLI prints can come from files and programs it does not trust: sandbox answers and
 * logs, file names, error messages quoting a file. A terminal obeys control characters in it:
 * ESC sequences set the title, write the clipboard (OSC 52), clear or rewrite the screen, a
 * CR overwrites the line, bidi overrides reorder it. So everything the CLI writes goes through
 * `terminalText`, which shows those characters as visible `\uXXXX` escapes and keeps only
 * newlines and tabs. The escapes are JSON's own, so `--json` output stays valid JSON meaning
 * exactly the same (JSON.stringify leaves C1 controls and bidi marks raw).
 */

// C0 controls but \t and \n, DEL, C1 controls, line/paragraph separators, bidi embeddings,
// overrides and isolates, and the BOM / zero-width no-break space.
const UNSAFE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;

export function terminalText(text: string): string {
  return text.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export const writeStdout = (text: string): boolean => process.stdout.write(terminalText(text));
export const writeStderr = (text: string): boolean => process.stderr.write(terminalText(text));
