import { CliError } from './command';

/**
 * The one reading of a number on the command line (an option's value or an argument), for every
 * command: digits only (a sign where negatives are allowed), a safe integer, within bounds. A
 * value that is none of these is a usage error (exit 2) in one wording:
 * `--k must be a whole number from 1 to 200, got 0`. An id is read as any whole number: whether
 * it is one is the contract's to say (its `invalid-input` message) or the service's.
 */

type FlagValue = unknown;

export interface WholeNumberBounds {
  /** Smallest allowed value (default 0; negatives only with `signed`). */
  min?: number;
  /** Largest allowed value (default: none). */
  max?: number;
  /** Negative values allowed (`--seed`); then `min` defaults to none. */
  signed?: boolean;
}

const shown = (value: FlagValue): string =>
  typeof value === 'string' ? value : value === undefined ? 'nothing' : JSON.stringify(value);

function range(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return ` from ${min} to ${max}`;
  if (min !== undefined && min > 0) return ` of at least ${min}`;
  if (max !== undefined) return ` of at most ${max}`;
  return '';
}

/** A required whole number; `name` is the flag or argument as the user wrote it. */
export function wholeNumber(
  value: FlagValue,
  name: string,
  bounds: WholeNumberBounds = {},
): number {
  const { signed = false, max } = bounds;
  const min = bounds.min ?? (signed ? undefined : 0);
  const text = typeof value === 'string' ? value.trim() : '';
  const n = (signed ? /^-?\d+$/ : /^\d+$/).test(text) ? Number(text) : NaN;
  if (
    !Number.isSafeInteger(n) ||
    (min !== undefined && n < min) ||
    (max !== undefined && n > max)
  ) {
    const what = signed && min === undefined && max === undefined ? 'an integer' : 'a whole number';
    throw new CliError(`${name} must be ${what}${range(min, max)}, got ${shown(value)}`, 2);
  }
  return n;
}

/** A whole number when the flag was given, undefined when it was not. */
export const optionalWholeNumber = (
  value: FlagValue,
  name: string,
  bounds: WholeNumberBounds = {},
): number | undefined => (value === undefined ? undefined : wholeNumber(value, name, bounds));

/** A decimal number within bounds when the flag was given (`--poll-seconds 0.5`). */
export function optionalDecimal(
  value: FlagValue,
  name: string,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined) return undefined;
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n) || n < min || n > max)
    throw new CliError(`${name} must be a number from ${min} to ${max}, got ${shown(value)}`, 2);
  return n;
}

/** A positive number of minutes (decimals allowed: 0.5 = 30 s) as whole seconds. */
export function minutesAsSeconds(value: FlagValue, name: string): number {
  const text = typeof value === 'string' ? value.trim() : '';
  const n = /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
  if (!(n > 0))
    throw new CliError(`${name} must be a positive number of minutes, got ${shown(value)}`, 2);
  return Math.round(n * 60);
}
