import { existsSync, readFileSync, statSync } from 'node:fs';
import { idListTokens } from '../../shared/question-sets/select';
import { CliError } from './command';

/**
 * The ids of `--ids FILE|ID,ID…` or `eval --questions FILE`: a file (one id a line, or a JSON
 * array) when one exists at that path, else the comma-separated ids themselves.
 */
export function readIdList(arg: string, flag: string, commaList = true): string[] {
  if (existsSync(arg) && statSync(arg).isFile()) {
    try {
      return idListTokens(readFileSync(arg, 'utf8'));
    } catch (e) {
      throw new CliError(`${flag} ${arg}: ${(e as Error).message}`, 1);
    }
  }
  if (!commaList) throw new CliError(`${flag}: no question set or file named ${arg}`, 1);
  const values = arg
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (values.length === 0) throw new CliError(`${flag} needs one or more ids`, 2);
  return values;
}
