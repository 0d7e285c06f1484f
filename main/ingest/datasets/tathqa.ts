import type { DatasetImport } from '../../../shared/datasets';
import type { DatasetFile } from './dataset-file';
import { readTatqa } from './tatqa';

/**
 * TAT-HQA is TAT-QA's format plus counterfactual questions (`answer_type: counterfactual`,
 * `rel_question` = the order of the question they rewrite, kept as `gold.counterfactualOf`).
 */
export const readTathqaFile = (file: DatasetFile): DatasetImport => readTatqa(file, 'tathqa');
