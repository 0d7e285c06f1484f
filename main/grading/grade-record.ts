import type { JsonValue, PredictionKind, ScoreInput } from '../../shared/grading/verdict';
import { RUN_IMPORT_FORMATS, type RunImportFormat } from '../../shared/runs/run';

/**
 * Prediction-file formats `workbench grade` reads: the same list, and the same reader per
 * format (main/grading/readers), as `workbench import-run`.
 */
export const PREDICTION_FORMATS = RUN_IMPORT_FORMATS;
export type PredictionFormat = RunImportFormat;

/** One item read from a prediction file: ready to score, or why it cannot be. */
export type ReadItem = { id: string; input: ScoreInput } | { id: string; error: string };

/** The answer an item was graded on, as read from the file (null: the record was unreadable). */
export interface ReadAnswer {
  answer: JsonValue | null;
  answerKind: PredictionKind | null;
  answerScale: string | null;
}

export interface ReadOptions {
  /** Grade the raw generation with our own extractor instead of the file's extracted answer. */
  raw?: boolean;
}

export interface ReadResult {
  items: ReadItem[];
  /** What each item's answer was, in the same order as `items`. */
  answers: ReadAnswer[];
  /** File-level notices (e.g. the content looks like another format). */
  warnings: string[];
}
