import { createHash } from 'node:crypto';
import {
  ANALYTIC_RUBRIC,
  customRubric,
  rubricHashInput,
  type JudgeRubric,
} from '../../../shared/runs/judge-rubric';

export interface ResolvedRubric extends JudgeRubric {
  /** SHA-256 of the prompt layout's version and both instruction texts: the judgements' key. */
  hash: string;
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The built-in rubric, or the user's own text (a `--rubric FILE`), with its hash. */
export function resolveRubric(text?: string): ResolvedRubric {
  const rubric = text === undefined ? ANALYTIC_RUBRIC : customRubric(text, sha256(text.trim()));
  return { ...rubric, hash: sha256(rubricHashInput(rubric)) };
}
