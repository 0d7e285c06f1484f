import type { RunImportFormat } from '../../../shared/runs/run';
import { readDocmathProcessed } from './docmath-processed';
import { readFinanceBenchGraded } from './financebench-graded';
import { readGenericJsonl } from './generic-jsonl';
import { readLmEval } from './lm-eval';
import type { PredictionFileRead, ReaderOptions } from './record';
import { readTatqaJsonl } from './tatqa-jsonl';

export * from './record';

/**
 * Reads a prediction file's text in its format: the one reader of each format, used by
 * `workbench grade` and `workbench import-run` alike. Throws (with the reason) only when the
 * file as a whole is not of the format; a record that cannot be read is an unreadable record.
 */
export function readPredictionFile(
  format: RunImportFormat,
  text: string,
  options: ReaderOptions = {},
): PredictionFileRead {
  switch (format) {
    case 'docmath-processed':
      return readDocmathProcessed(text, options);
    case 'tatqa-pot':
      return readTatqaJsonl(text, 'pot', options);
    case 'tatqa-pred':
      return readTatqaJsonl(text, 'pred', options);
    case 'jsonl':
      return readGenericJsonl(text, options);
    case 'financebench-graded':
      return readFinanceBenchGraded(text, options);
    case 'lm-eval':
      return readLmEval(text, options);
  }
}
