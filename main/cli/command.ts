import type { ParseArgsConfig } from 'node:util';
import type { Services } from '../services';

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
  /** Opens the workspace once and closes it when the command ends. */
  services(host?: 'cli' | 'web'): Promise<Services>;
}

export interface CliCommand {
  /** Words after `workbench`, e.g. "workspace info". */
  name: string;
  summary: string;
  usage: string;
  options?: OptionSpec;
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
