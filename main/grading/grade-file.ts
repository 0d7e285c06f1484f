import { readFile } from 'node:fs/promises';
import { getScorer, scorers } from '../../shared/grading/scorers';
import {
  summarize,
  toGradedItem,
  type GradedItem,
  type GradeSummary,
} from '../../shared/grading/summarize';
import type { Scorer } from '../../shared/grading/verdict';
import type { PredictionFormat, ReadItem, ReadOptions, ReadResult } from './grade-record';
import { goldProblem } from './json-value';
import { readDocmathProcessed } from './read-docmath-processed';
import { readFinanceBenchGraded } from './read-financebench-graded';
import { readGenericJsonl } from './read-generic-jsonl';
import { readGoldFile, type GoldEntry } from './read-gold-file';
import { readTatqaJsonl } from './read-tatqa-jsonl';

export interface GradeFileOptions extends ReadOptions {
  format: PredictionFormat;
  predictionsPath: string;
  goldPath?: string;
  /** Gold from a dataset stored in the workspace (by the dataset's question ids). */
  dataset?: { name: string; golds: Map<string, GoldEntry> };
  scorerId: string;
}

export interface GradeFileResult {
  format: PredictionFormat;
  predictions: string;
  gold?: string;
  /** The workspace dataset the gold came from. */
  dataset?: string;
  scorer: { id: string; version: string };
  summary: GradeSummary;
  items: GradedItem[];
  warnings: string[];
}

export class GradeInputError extends Error {}

/** Reads a prediction file's text in the given format. */
export function readPredictions(
  format: PredictionFormat,
  text: string,
  options: ReadOptions = {},
): ReadResult {
  switch (format) {
    case 'docmath-processed':
      return readDocmathProcessed(text, options);
    case 'tatqa-pot':
      return readTatqaJsonl(text, 'pot', options);
    case 'tatqa-pred':
      return readTatqaJsonl(text, 'pred', options);
    case 'jsonl':
      return readGenericJsonl(text);
    case 'financebench-graded':
      return readFinanceBenchGraded(text);
  }
}

function withGold(item: ReadItem, golds: Map<string, GoldEntry> | undefined): ReadItem {
  if (!golds || 'error' in item) return item;
  const g = golds.get(item.id);
  if (!g) return { id: item.id, error: 'id not found in the gold file' };
  const problem = goldProblem(g.gold);
  if (problem) return { id: item.id, error: problem };
  return {
    id: item.id,
    input: {
      ...item.input,
      gold: g.gold,
      ...(g.goldScale !== undefined ? { goldScale: g.goldScale } : {}),
      ...(g.answerType !== undefined ? { answerType: g.answerType } : {}),
    },
  };
}

/** Scores every read item; an item that cannot be read or scored becomes an `error` item. */
export function gradeItems(items: readonly ReadItem[], scorer: Scorer): GradedItem[] {
  return items.map((item) => {
    if ('error' in item)
      return {
        id: item.id,
        outcome: 'error',
        correct: false,
        score: 0,
        rule: item.error,
        extracted: null,
      };
    try {
      return toGradedItem(item.id, scorer.score(item.input));
    } catch (e) {
      return {
        id: item.id,
        outcome: 'error',
        correct: false,
        score: 0,
        rule: `scorer failed: ${(e as Error).message}`,
        extracted: null,
      };
    }
  });
}

export async function gradeFile(options: GradeFileOptions): Promise<GradeFileResult> {
  const scorer = getScorer(options.scorerId);
  if (!scorer)
    throw new GradeInputError(
      `unknown scorer "${options.scorerId}" (one of ${Object.keys(scorers).join(', ')})`,
    );
  const text = await readFile(options.predictionsPath, 'utf8');
  let read: ReadResult;
  try {
    read = readPredictions(options.format, text, options);
  } catch (e) {
    throw new GradeInputError(
      `cannot read ${options.predictionsPath} as ${options.format}: ${(e as Error).message}`,
    );
  }
  if (options.goldPath && options.dataset)
    throw new GradeInputError('give the gold as --gold FILE or --dataset, not both');
  const golds = options.goldPath
    ? readGoldFile(await readFile(options.goldPath, 'utf8'))
    : options.dataset?.golds;
  if (golds && golds.size === 0)
    throw new GradeInputError(
      `no gold answers found in ${options.goldPath ?? `dataset ${options.dataset?.name}`}`,
    );
  const items = gradeItems(
    read.items.map((i) => withGold(i, golds)),
    scorer,
  );
  return {
    format: options.format,
    predictions: options.predictionsPath,
    ...(options.goldPath ? { gold: options.goldPath } : {}),
    ...(options.dataset ? { dataset: options.dataset.name } : {}),
    scorer: { id: scorer.id, version: scorer.version },
    summary: summarize(items),
    items,
    warnings: read.warnings,
  };
}
