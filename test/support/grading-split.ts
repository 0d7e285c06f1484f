import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The tune/check split of the human-graded and dev data our own scorers are measured on
// (test/fixtures/grading/financebench-split.json, chosen before any rule was changed): rules
// are chosen on the tuning part; the check part is only reported.

interface SplitFile {
  financebench: { tune: string[]; check: string[] };
  tatqa: { checkFraction: number };
}

export const split = JSON.parse(
  readFileSync(join(__dirname, '..', 'fixtures', 'grading', 'financebench-split.json'), 'utf8'),
) as SplitFile;

export type Part = 'tune' | 'check';

/** Which part a FinanceBench human-graded file belongs to (undefined: a file the split lacks). */
export function financebenchPart(file: string): Part | undefined {
  if (split.financebench.tune.includes(file)) return 'tune';
  if (split.financebench.check.includes(file)) return 'check';
  return undefined;
}
