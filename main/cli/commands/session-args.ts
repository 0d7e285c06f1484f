import { CliError, type CliContext } from '../command';
import { wholeNumber } from '../flags';

/** The session id: the one FILE-less argument of `session results ID` and the like. */
export function sessionIdArg(ctx: CliContext, command: string): number {
  if (ctx.args.length !== 1) throw new CliError(`${command} needs exactly one session ID`, 2);
  return wholeNumber(ctx.args[0], 'the session ID');
}

export const minutes = (s: number) =>
  s >= 3600
    ? `${Math.floor(s / 3600)} h ${Math.round((s % 3600) / 60)} min`
    : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
