import { existsSync, statSync } from 'node:fs';
import { extname } from 'node:path';
import type { CliCommand } from './command';

/**
 * Reading the command line before parseArgs: which words name the command (global options may
 * come before or after it, `workbench --workspace W import x` = `workbench import x
 * --workspace W`), and the old `--json OUT` spelling of `--out OUT`.
 */

/** Options that take a value, so the value is not taken for a command word. */
function valuedOptions(commands: readonly Pick<CliCommand, 'options'>[]): Set<string> {
  const out = new Set(['--workspace', '--out']);
  for (const c of commands)
    for (const [name, spec] of Object.entries(c.options ?? {})) {
      if (spec.type !== 'string') continue;
      out.add(`--${name}`);
      if (spec.short) out.add(`-${spec.short}`);
    }
  return out;
}

/**
 * The positional words of argv (values of the global options and of `commands`' options
 * skipped; `[]` for the global options only).
 */
export function positionalWords(
  argv: readonly string[],
  commands: readonly Pick<CliCommand, 'options'>[],
): string[] {
  const valued = valuedOptions(commands);
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      words.push(...argv.slice(i + 1));
      break;
    }
    if (a.startsWith('-') && a !== '-') {
      if (valued.has(a)) i++;
      continue;
    }
    words.push(a);
  }
  return words;
}

export interface LegacyRewrite {
  argv: string[];
  /** Set when the old spelling was used: a one-line notice for stderr. */
  notice?: string;
}

/**
 * Until the next release, `--json OUT` (or `--json=OUT`) still names the output file of the
 * commands that write one (`ingest`, `import-dataset`, `grade`): it is read as `--out OUT`. The
 * token after `--json` is taken as OUT only when the command's own FILE arguments are complete
 * without it, and never when it is an existing file of another kind (an input, not an output),
 * so `workbench ingest --json filing.htm` keeps reading filing.htm.
 */
export function rewriteLegacyJsonOut(
  argv: readonly string[],
  command: CliCommand,
  commands: readonly Pick<CliCommand, 'options'>[],
): LegacyRewrite {
  if (command.outFile === undefined) return { argv: [...argv] };
  const notice = (out: string) =>
    `notice: "--json ${out}" is the old spelling of "--out ${out}" and stops working in the next release; --json now means "result as JSON on stdout"`;
  const eq = argv.findIndex((a) => a.startsWith('--json='));
  if (eq >= 0) {
    const out = argv[eq]!.slice('--json='.length);
    return {
      argv: [...argv.slice(0, eq), '--out', out, ...argv.slice(eq + 1)],
      notice: notice(out),
    };
  }
  const at = argv.indexOf('--json');
  const next = argv[at + 1];
  if (at < 0 || next === undefined || (next.startsWith('-') && next !== '-'))
    return { argv: [...argv] };
  const without = [...argv.slice(0, at), ...argv.slice(at + 2)];
  const commandWords = command.name.split(' ').length;
  const files = positionalWords(without, commands).length - commandWords;
  if (files < command.outFile.minArgs) return { argv: [...argv] };
  if (next !== '-' && isInputFile(next)) return { argv: [...argv] };
  return {
    argv: [...argv.slice(0, at), '--out', next, ...argv.slice(at + 2)],
    notice: notice(next),
  };
}

/** An existing file that is not JSON: surely an input, never an output to overwrite. */
function isInputFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile() && !/^\.jsonl?$/i.test(extname(path));
}
