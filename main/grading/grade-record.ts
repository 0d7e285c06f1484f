import type { ScoreInput } from '../../shared/grading/verdict';

/** Prediction-file formats `workbench grade` reads. */
export const PREDICTION_FORMATS = [
  'docmath-processed',
  'tatqa-pot',
  'tatqa-pred',
  'jsonl',
  'financebench-graded',
] as const;
export type PredictionFormat = (typeof PREDICTION_FORMATS)[number];

/** Formats whose outputs are free text with the question: graded by `analyst` by default. */
export const FREE_TEXT_FORMATS: readonly PredictionFormat[] = ['jsonl', 'financebench-graded'];

/** One item read from a prediction file: ready to score, or why it cannot be. */
export type ReadItem = { id: string; input: ScoreInput } | { id: string; error: string };

export interface ReadOptions {
  /** Grade the raw generation with our own extractor instead of the file's extracted answer. */
  raw?: boolean;
}

export interface ReadResult {
  items: ReadItem[];
  /** File-level notices (e.g. the content looks like another format). */
  warnings: string[];
}
