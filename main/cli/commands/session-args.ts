import { CliError, type CliContext } from '../command';

/** A whole number option or argument; a usage error (exit 2) naming it otherwise. */
export function wholeNumber(value: unknown, name: string, signed = false): number {
  const text = typeof value === 'string' ? value.trim() : '';
  const n = (signed ? /^-?\d+$/ : /^\d+$/).test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n)) throw new CliError(`${name} must be a whole number`, 2);
  return n;
}

/** A positive number of minutes (decimals allowed: 0.5 = 30 s) as whole seconds. */
export function minutesAsSeconds(value: unknown, name: string): number {
  const text = typeof value === 'string' ? value.trim() : '';
  const n = /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
  if (!(n > 0)) throw new CliError(`${name} must be a positive number of minutes`, 2);
  return Math.round(n * 60);
}

/** The session id: the one FILE-less argument of `session results ID` and the like. */
export function sessionIdArg(ctx: CliContext, command: string): number {
  if (ctx.args.length !== 1) throw new CliError(`${command} needs exactly one session ID`, 2);
  return wholeNumber(ctx.args[0], 'the session ID');
}

export const minutes = (s: number) =>
  s >= 3600
    ? `${Math.floor(s / 3600)} h ${Math.round((s % 3600) / 60)} min`
    : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
