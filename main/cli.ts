#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { WorkbenchError } from '../shared/api/result';
import { CliError, type CliCommand, type CliContext } from './cli/command';
import { positionalWords, rewriteLegacyJsonOut } from './cli/argv';
import { writeStderr, writeStdout } from './cli/terminal-text';
import { commandIndex, loadCommands, type CommandEntry } from './cli/commands';
import { INTERRUPTED_EXIT_CODE, Interrupted, watchCtrlC } from './cli/interrupt';
import { jobProgressPrinter } from './cli/progress';
import type { Services } from './services';
import { defaultWorkspaceDir } from './workspace/default-dir';

// What this file imports stays small: `workbench --help` loads no command module, and a command
// loads its own module (and the services, when it opens the workspace) only when it runs
// (cli/commands/index.ts). test/integration/cli/cli-loading.test.ts checks both.

const globalOptions = {
  workspace: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function helpText(): string {
  const width = Math.max(...commandIndex.map((c) => c.name.length));
  return [
    'Filing Workbench command line',
    '',
    'Usage: workbench <command> [options]',
    '',
    'Commands:',
    ...commandIndex.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Options for every command:',
    `  --workspace DIR  workspace folder (default: ${defaultWorkspaceDir()}); before or after the command`,
    '  --json           machine-readable result on stdout; human text and progress on stderr',
    "  --out FILE       write the command's file to FILE (ingest, import-dataset, grade, report, export, gap, session export-bundle)",
    "  -h, --help       show help (after a command: that command's usage)",
    '',
    'JSON output of each command: docs/cli.md',
  ].join('\n');
}

/** The command whose words match the most leading positionals. */
function findCommand(words: string[]): CommandEntry | undefined {
  let best: CommandEntry | undefined;
  for (const entry of commandIndex) {
    const parts = entry.name.split(' ');
    if (
      parts.every((p, i) => words[i] === p) &&
      (!best || parts.length > best.name.split(' ').length)
    ) {
      best = entry;
    }
  }
  return best;
}

/** The command of the command line, loading every command's options only when needed. */
async function resolveCommand(originalArgv: string[]) {
  // The command words, skipping the values of the global options only: that finds the command
  // of every command line the docs show without loading any command module.
  let words = positionalWords(originalArgv, []);
  let found = findCommand(words);
  let loaded: CliCommand[] | undefined;
  if (!found && words.length > 0) {
    // A command's own option before the command word (`workbench --format tatqa import-dataset
    // f.json`): its value is known to be one only from the commands' options, so load them all.
    loaded = await loadCommands();
    words = positionalWords(originalArgv, loaded);
    found = findCommand(words);
  }
  return { words, found, loaded };
}

/** The command's options and positionals; undefined (after saying why) when they do not parse. */
function parseCommandLine(argv: string[], command: CliCommand) {
  try {
    return parseArgs({
      args: argv,
      options: {
        ...globalOptions,
        ...(command.outFile ? { out: { type: 'string' } } : {}),
        ...command.options,
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (e) {
    writeStderr(`workbench: ${(e as Error).message}; usage: ${command.usage}\n`);
    return undefined;
  }
}

/** Says why a command failed (its result too, with --json) and answers the exit code. */
async function reportFailure(
  e: unknown,
  json: boolean,
  command: CliCommand,
  servicesOpened: boolean,
): Promise<number> {
  if (e instanceof Interrupted) {
    writeStderr(`workbench: ${e.message}\n`);
    return INTERRUPTED_EXIT_CODE;
  }
  if (e instanceof CliError) {
    if (json && e.result !== undefined) writeStdout(`${JSON.stringify(e.result, null, 2)}\n`);
    writeStderr(`workbench: ${e.message}\n`);
    return e.exitCode;
  }
  if (e instanceof WorkbenchError) {
    writeStderr(`workbench: ${e.message}\n`);
    return 1;
  }
  writeStderr(`workbench: internal error: ${(e as Error).stack ?? String(e)}\n`);
  // Kept in the workspace's log too, once one is open (loaded late: --help stays fast).
  if (servicesOpened) {
    const { log, logFile } = await import('./log/log.js');
    const file = logFile();
    if (file !== null) {
      log.error('cli internal error', e, { command: command.name });
      writeStderr(`workbench: written to ${file}\n`);
    }
  }
  return 1;
}

export async function main(originalArgv: string[]): Promise<number> {
  const { words, found, loaded } = await resolveCommand(originalArgv);
  if (!found) {
    if (
      originalArgv.includes('--help') ||
      originalArgv.includes('-h') ||
      originalArgv.length === 0
    ) {
      writeStdout(`${helpText()}\n`);
      return 0;
    }
    writeStderr(`workbench: unknown command "${words.join(' ')}"; see workbench --help\n`);
    return 2;
  }
  const command = await found.load();
  const { argv, notice } = rewriteLegacyJsonOut(originalArgv, command, loaded ?? [command]);
  if (notice) writeStderr(`workbench: ${notice}\n`);
  const parsed = parseCommandLine(argv, command);
  if (!parsed) return 2;
  const values = parsed.values as CliContext['values'];
  if (values.help) {
    writeStdout(`${command.summary}\n\nUsage: ${command.usage}\n`);
    return 0;
  }
  const json = values.json === true;
  let services: Services | undefined;
  // Ctrl-C cancels the command's jobs cleanly (serve handles it itself: it stops the server);
  // after it, the command's own reports (files failing as cancelled) are not printed.
  const ctrlC = command.handlesCtrlC ? undefined : watchCtrlC();
  const quiet = () => ctrlC?.fired() === true;
  const ctx: CliContext = {
    args: parsed.positionals.slice(command.name.split(' ').length),
    values,
    json,
    workspaceDir: typeof values.workspace === 'string' ? values.workspace : defaultWorkspaceDir(),
    say: (text) => quiet() || (json ? writeStderr : writeStdout)(`${text}\n`),
    progress: (text) => quiet() || writeStderr(`${text}\n`),
    jobProgress: () => jobProgressPrinter({ quiet }),
    services: async (kind = 'cli') =>
      (services ??= await (
        await import('./services.js')
      ).startServices({
        workspaceDir: ctx.workspaceDir,
        host: { kind },
        housekeeping: !command.readOnly,
      })),
  };
  try {
    const result = await (ctrlC ? ctrlC.race(command.run(ctx)) : command.run(ctx));
    if (json && result !== undefined) writeStdout(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (e) {
    return await reportFailure(e, json, command, services !== undefined);
  } finally {
    ctrlC?.dispose();
    services?.close();
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      writeStderr(`workbench: ${String(e)}\n`);
      process.exitCode = 1;
    },
  );
}
