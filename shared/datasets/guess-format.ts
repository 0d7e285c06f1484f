import type { DatasetFormat } from '../model/dataset-format';

/** A first guess from the file name, for the format picker; the user can always change it. */
export function guessDatasetFormat(name: string): DatasetFormat | undefined {
  const n = name.toLowerCase();
  if (/hqa/.test(n)) return 'tathqa';
  if (/tat-?qa/.test(n)) return 'tatqa';
  if (/finqa/.test(n)) return 'finqa';
  if (/multihiertt|hiertt/.test(n)) return 'multihiertt';
  if (/financemath|docmath/.test(n)) return 'docmath';
  if (/financebench/.test(n)) return 'financebench';
  if (/^(easy|medium|hard)\.json$|tablequest/.test(n)) return 'tablequest';
  return undefined;
}
