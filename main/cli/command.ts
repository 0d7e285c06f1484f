import type { ParseArgsConfig } from 'node:util';
import type { Services } from '../services';
import type { JobProgressPrinter } from './progress';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;

export interface CliContext {
  args: string[];
  values: Record<string, string | boolean | string[] | undefined>;
  json: boolean;
  workspaceDir: string;
  /** Human-readable result text: stdout normally, stderr under --json (stdout is JSON then). */
  say(text: string): void;
  /** Progress and notices; always stderr. */
  progress(text: string): void;
  /**
   * A printer for `job.progress` events on stderr: one line rewritten on a terminal, a line now
   * and then otherwise (cli/progress.ts); silent after Ctrl-C.
   */
  jobProgress(): JobProgressPrinter;
  /** Opens the workspace once and closes it when the command ends. */
  services(host?: 'cli' | 'web'): Promise<Services>;
}

export interface CliCommand {
  /** Words after `workbench`, e.g. "workspace info". */
  name: string;
  summary: string;
  usage: string;
  options?: OptionSpec;
  /**
   * The command writes a file with `--out OUT`; `minArgs` is how many FILE arguments it needs
   * (to tell the old `--json OUT` spelling from `--json` followed by a FILE).
   */
  outFile?: { minArgs: number };
  /** The command handles Ctrl-C itself; otherwise Ctrl-C cancels its jobs and exits 130. */
  handlesCtrlC?: boolean;
  /** The command only reads: opening the workspace sweeps nothing (main/workspace). */
  readOnly?: boolean;
  /** Returns the machine-readable result printed under --json. */
  run(ctx: CliContext): Promise<unknown>;
}

/** A failure the user caused or can fix: printed as one line, exit status 1 (2 for usage). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
    /** Still printed under --json, so scripts see which items failed. */
    readonly result?: unknown,
  ) {
    super(message);
  }
}
