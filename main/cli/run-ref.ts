import { CliError } from './command';

/** How a run is written wherever a command takes one (its usage and docs/cli.md say so). */
export const RUN_REF_FORMS = 'N, run:N or #N';

/**
 * A run as every command that takes one reads it: its id `5`, `run:5` (as `workbench export`
 * and the transcripts name it) or `#5` (as `workbench runs` prints it). `name` is the argument
 * or flag, for the usage error (exit 2) a malformed reference gets.
 */
export function parseRunRef(value: unknown, name: string): number {
  const text = typeof value === 'string' ? value.trim() : '';
  const m = /^(?:run:|#)?(\d+)$/.exec(text);
  const id = m ? Number(m[1]) : NaN;
  if (!Number.isSafeInteger(id) || id < 1)
    throw new CliError(
      `${name} must be a run (${RUN_REF_FORMS}; workbench runs lists them), got ${typeof value === 'string' ? JSON.stringify(value) : 'nothing'}`,
      2,
    );
  return id;
}

/** A list of runs, one per argument (`regrade --stale RUN…`, `judge --pairwise RUN_A RUN_B`). */
export const parseRunRefs = (values: readonly string[], name: string): number[] =>
  values.map((v) => parseRunRef(v, name));
