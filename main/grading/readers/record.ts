import { basename } from 'node:path';
import type { JsonValue, Outcome, PredictionKind } from '../../../shared/grading/verdict';
import type { RunItem, RunMode } from '../../../shared/runs/run';
import { tooLong } from '../input-limits';
import { isRecord, parseJsonl } from '../parse-json';

// The one record every prediction-file reader produces (main/grading/readers/<format>.ts), read
// the same way by `workbench grade` (main/grading/grade-file.ts) and `workbench import-run`
// (main/runs/import-run.ts). Which field is the answer, per format, is in docs/grading.md
// ("Reading prediction files").

/** A verdict the file recorded itself (kept as scorer `imported` by import-run). */
export interface RecordedVerdict {
  correct: boolean;
  score: number;
  outcome: Outcome;
  rule: string;
}

/** The gold answer a file carries beside the prediction (grade uses it without --gold/--dataset). */
export interface FileGold {
  answer: JsonValue;
  /** Why this gold cannot be graded against (null, NaN, not a number or text…). */
  problem?: string;
  /** Scale label of the gold ("", thousand, million, billion, percent). */
  scale?: string;
  /** Decimals the benchmark rounds numeric golds to (DocMath-Eval 3, TAT-QA 2). */
  decimals?: number;
  /** Benchmark answer type (TAT-QA: span, multi-span, arithmetic, count). */
  answerType?: string;
}

/** One prediction read from a file, keyed by the dataset's own question id. */
export interface PredictionRecord {
  id: string;
  /** Where it is in the file: "line 3" (JSONL) or "record 2" (0-based, JSON arrays). */
  at: string;
  /** The model's raw output, when the file has it. */
  output: string | null;
  /** The answer as graded: text, an extractor's string, a parsed list, a program's value. */
  answer: JsonValue | null;
  answerKind: PredictionKind;
  /** A scale the model gave separately (TAT-QA PoT `units`). */
  answerScale: string | null;
  program: string | null;
  execution: RunItem['execution'];
  recorded: RecordedVerdict | null;
  /** The gold the file carries (null: it has none, e.g. lm-eval samples). */
  gold: FileGold | null;
  /** The question as the file states it. */
  question: string | null;
}

/** A record that could not be read: why, in one line. */
export interface UnreadableRecord {
  /** The record's id when it has one, else where it is ("line 5", "record 3"). */
  id: string;
  at: string;
  error: string;
}

export type ReadRecord = PredictionRecord | UnreadableRecord;

export const isUnreadable = (r: ReadRecord): r is UnreadableRecord => 'error' in r;

export interface PredictionFileRead {
  records: ReadRecord[];
  /** File-level notices (e.g. the content looks like another format). */
  warnings: string[];
  /** What the file (its fields, else its name) says about the model; the caller may override. */
  model: string;
  mode: RunMode | null;
  /** What the recorded verdicts are, for the manifest ("result.acc", "exact_match"). */
  recordedAs: string | null;
}

export interface ReaderOptions {
  /** The file's path (its name gives the model when the records do not). */
  path?: string;
  /** Take the raw generation as the answer (graded as text) instead of the file's answer. */
  raw?: boolean;
}

/** The file's name without its JSON extension. */
export const stem = (path: string | undefined): string =>
  path === undefined ? 'predictions' : basename(path).replace(/\.(jsonl?|json)$/i, '');

export type TextRead = { text: string | null } | { error: string };

/**
 * A field that should hold text (a model's output, an extracted answer): a string as it is; a
 * number or a boolean as its text (7 → "7"); null or absent → null (no answer); an object or a
 * list → an error naming the field. Text over the output limit is an error too.
 */
export function readText(v: unknown, field: string): TextRead {
  if (v === undefined || v === null) return { text: null };
  let text: string;
  if (typeof v === 'string') text = v;
  else if (typeof v === 'number' || typeof v === 'boolean') text = String(v);
  else return { error: `${field} is a JSON ${Array.isArray(v) ? 'list' : 'object'}, not text` };
  const big = tooLong(text);
  return big ? { error: big } : { text };
}

/**
 * The first element of a field that may hold its text inside lists (`output: ["…"]`,
 * lm-eval's `resps: [["…"]]`), read as text; an empty list is no text.
 */
export function readFirstText(v: unknown, field: string): TextRead {
  let x = v;
  let name = field;
  while (Array.isArray(x)) {
    x = x[0];
    name += '[0]';
  }
  return readText(x, name);
}

/** A string field, or null. */
export const stringOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/**
 * The JSON objects of a JSONL file with their line numbers; a line that is not JSON or not an
 * object becomes an unreadable record naming its line (counted and listed, never dropped).
 */
export function* jsonlObjects(
  text: string,
  records: ReadRecord[],
): Generator<{ line: number; at: string; r: Record<string, unknown> }> {
  for (const l of parseJsonl(text)) {
    const at = `line ${l.line}`;
    if ('error' in l) records.push({ id: at, at, error: l.error });
    else if (!isRecord(l.value)) records.push({ id: at, at, error: 'record is not an object' });
    else yield { line: l.line, at, r: l.value };
  }
}
