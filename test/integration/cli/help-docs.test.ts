import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CliCommand } from '../../../main/cli/command';
import { loadCommands } from '../../../main/cli/commands';
import { repoRoot, runSourceCliAsync } from '../../support/cli';

/**
 * The CLI's help against docs/cli.md (issue 25): the commands `workbench --help` lists and the
 * flags each `workbench <command> --help` shows must be the ones the page documents, and both
 * must be the ones the command accepts (its parseArgs options). A command or a flag in one but
 * not the other fails, naming it.
 *
 * What counts as "documented": every command line the page shows in code (a fenced block, or an
 * inline code span, `\|` in tables read as `|`) that starts with `workbench <command>`; its
 * flags are the `--flags` on that line (and on the indented lines continuing it in a block). A
 * line naming a command the CLI does not have, or a flag that command does not take, fails.
 */

/** Options every command takes (stated once, in the top-level help and the page's table). */
const GLOBAL_FLAGS = new Set(['workspace', 'json', 'help']);

const flagsIn = (text: string): Set<string> =>
  new Set([...text.matchAll(/(?<![\w-])--([a-z][a-z0-9-]*)/g)].map((m) => m[1]!));

/** What `--out FILE` applies to: the commands whose parseArgs accepts it. */
const takesOut = (c: CliCommand) => c.outFile !== undefined || 'out' in (c.options ?? {});

/** The flags a command accepts beyond the global ones. */
const ownFlags = (c: CliCommand): Set<string> =>
  new Set([...Object.keys(c.options ?? {}), ...(takesOut(c) ? ['out'] : [])]);

/** `Commands:` of `workbench --help`: each line `  name   summary`. */
function helpCommands(stdout: string): string[] {
  const start = stdout.indexOf('\nCommands:\n');
  expect(start, 'workbench --help has a "Commands:" section').toBeGreaterThan(-1);
  const lines = stdout.slice(start + '\nCommands:\n'.length).split('\n');
  const names: string[] = [];
  for (const line of lines) {
    if (line.trim() === '') break;
    const m = /^ {2}([a-z][a-z-]*(?: [a-z][a-z-]*)?) {2,}\S/.exec(line);
    expect(m, `a command line of --help: ${line}`).not.toBeNull();
    names.push(m![1]!);
  }
  return names;
}

/** The command names a line lists (`ingest, import-dataset, session export-bundle`). */
function commandsNamedIn(line: string, known: readonly string[]): string[] {
  let rest = ` ${line.replace(/`/g, ' ')} `;
  const found: string[] = [];
  for (const name of [...known].sort((a, b) => b.length - a.length)) {
    const re = new RegExp(`(?<=[\\s(,])${name.replace(/-/g, '\\-')}(?=[\\s),;])`);
    if (re.test(rest)) {
      found.push(name);
      rest = rest.replace(re, ' ');
    }
  }
  return found.sort();
}

interface DocMention {
  command: string;
  flags: Set<string>;
  text: string;
}

/** The code of a Markdown page: fenced blocks line by line (continuations joined), inline spans. */
function codeLines(markdown: string): string[] {
  const out: string[] = [];
  // Split at the fences: prose, block, prose, block, …
  let inBlock = false;
  for (const part of markdown.split(/^```.*$/m)) {
    if (inBlock) {
      for (const raw of part.split('\n')) {
        const line = raw.replace(/\s#\s.*$/, '');
        const last = out.length - 1;
        if (/^\s+\S/.test(line) && last >= 0 && /(^|\s)workbench\s/.test(out[last]!))
          out[last] = `${out[last]} ${line.trim()}`;
        else out.push(line);
      }
    } else {
      // A span may go on over a line break, never over a blank line.
      for (const m of part.matchAll(/`((?:[^`\n]|\n(?![ \t]*\n))+)`/g))
        out.push(m[1]!.replace(/\s+/g, ' ').replace(/\\\|/g, '|'));
    }
    inBlock = !inBlock;
  }
  return out;
}

/** Every `workbench <command> …` the page shows in code, with its flags. */
function docMentions(markdown: string, known: readonly string[]): DocMention[] {
  const groups = new Set(known.filter((n) => n.includes(' ')).map((n) => n.split(' ')[0]!));
  const mentions: DocMention[] = [];
  for (const line of codeLines(markdown)) {
    for (const m of line.matchAll(/(?:^|[\s(])workbench (?=([^\n]*))/g)) {
      const rest = m[1]!;
      const words = rest.split(/\s+/);
      const first = words[0]!;
      if (!/^[a-z][a-z-]*(\|[a-z][a-z-]*)*$/.test(first)) continue; // `workbench --help`, `<command>`
      // The flags of this command: up to the next `workbench` on the line (the match does not
      // consume the rest, so the next one is found too).
      const own = rest.split(/(?:^|\s)(?:npx )?workbench\s/)[0]!;
      let names: string[];
      if (groups.has(first)) {
        const sub = words[1] ?? '';
        // `workbench question-set` alone names the group (a heading), not a command.
        if (!/^[a-z][a-z-]*(\|[a-z][a-z-]*)*$/.test(sub)) continue;
        names = sub.split('|').map((s) => `${first} ${s}`);
      } else names = first.split('|');
      for (const command of names)
        mentions.push({ command, flags: flagsIn(own), text: `workbench ${rest}` });
    }
  }
  return mentions;
}

describe('workbench --help against docs/cli.md and the code', () => {
  const docs = readFileSync(join(repoRoot, 'docs', 'cli.md'), 'utf8');
  let commands: CliCommand[];
  let top: string;
  const usage = new Map<string, string>();

  beforeAll(async () => {
    commands = await loadCommands();
    const r = await runSourceCliAsync(['--help']);
    expect(r.code, r.stderr).toBe(0);
    top = r.stdout;
    // Each command's own --help, through the real CLI (a few at a time: the machine is shared).
    const queue = commands.map((c) => c.name);
    await Promise.all(
      Array.from({ length: 3 }, async () => {
        for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
          const h = await runSourceCliAsync([...name.split(' '), '--help']);
          expect(h.code, `${name} --help: ${h.stderr}`).toBe(0);
          usage.set(name, h.stdout);
        }
      }),
    );
  }, 240_000);

  it('--help lists every command there is, and only those', () => {
    expect(helpCommands(top).sort()).toEqual(commands.map((c) => c.name).sort());
  });

  it("each command's --help shows the flags it accepts, and only those", () => {
    const wrong: string[] = [];
    for (const c of commands) {
      const text = usage.get(c.name)!;
      expect(text).toContain(`Usage: workbench ${c.name}`);
      const shown = flagsIn(text.slice(text.indexOf('Usage:')));
      const own = ownFlags(c);
      for (const f of own)
        if (!shown.has(f)) wrong.push(`${c.name}: --${f} accepted, not in --help`);
      for (const f of shown)
        if (!own.has(f) && !GLOBAL_FLAGS.has(f))
          wrong.push(`${c.name}: --${f} in --help, not accepted`);
    }
    expect(wrong).toEqual([]);
  });

  it('the --out line of --help names exactly the commands that take --out', () => {
    const line = top.split('\n').find((l) => /^\s+--out FILE\b/.test(l));
    expect(line, 'workbench --help describes --out FILE').toBeDefined();
    const names = commands.map((c) => c.name);
    expect(commandsNamedIn(line!, names)).toEqual(
      commands
        .filter(takesOut)
        .map((c) => c.name)
        .sort(),
    );
  });

  it('docs/cli.md documents every command and each of its flags, and nothing else', () => {
    const names = helpCommands(top);
    const mentions = docMentions(docs, names);
    const wrong: string[] = [];
    for (const m of mentions)
      if (!names.includes(m.command))
        wrong.push(`docs name "workbench ${m.command}", which --help does not list (${m.text})`);
    for (const name of names) {
      const c = commands.find((x) => x.name === name)!;
      const text = usage.get(name)!;
      const shown = flagsIn(text.slice(text.indexOf('Usage:')));
      const ofThis = mentions.filter((m) => m.command === name);
      if (ofThis.length === 0) {
        wrong.push(`${name}: in --help, not in docs/cli.md`);
        continue;
      }
      const documented = new Set(ofThis.flatMap((m) => [...m.flags]));
      for (const f of shown)
        if (!GLOBAL_FLAGS.has(f) && !documented.has(f))
          wrong.push(`${name}: --${f} in --help, not in docs/cli.md`);
      for (const m of ofThis)
        for (const f of m.flags)
          if (!shown.has(f) && !GLOBAL_FLAGS.has(f) && !(f === 'out' && takesOut(c)))
            wrong.push(`${name}: --${f} in docs/cli.md, not in --help (${m.text})`);
    }
    expect(wrong).toEqual([]);
  });

  it("the page's --out row names exactly the commands that take --out", () => {
    const row = docs.split('\n').find((l) => /^\| `--out FILE` \|/.test(l));
    expect(
      row,
      'docs/cli.md has a `--out FILE` row among the options of every command',
    ).toBeDefined();
    const names = commands.map((c) => c.name);
    expect(commandsNamedIn(row!, names)).toEqual(
      commands
        .filter(takesOut)
        .map((c) => c.name)
        .sort(),
    );
  });
});
