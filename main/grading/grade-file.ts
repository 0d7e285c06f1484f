import { readFile } from 'node:fs/promises';
import { getScorer, scorers } from '../../shared/grading/scorers';
import {
  summarize,
  toGradedItem,
  type GradedItem,
  type GradeSummary,
} from '../../shared/grading/summarize';
import type { StoredQuestion } from '../../shared/datasets';
import type { Scorer } from '../../shared/grading/verdict';
import type { DatasetFormat } from '../../shared/document/dataset-format';
import type {
  PredictionFormat,
  ReadAnswer,
  ReadItem,
  ReadOptions,
  ReadResult,
} from './grade-record';
import { gradeWith } from './grading-service';
import { goldProblem } from './json-value';
import { readGoldFile, type GoldEntry } from './read-gold-file';
import { isUnreadable, readPredictionFile, type ReadRecord } from './readers';
import { compact } from '../../shared/util/compact';

export interface GradeFileOptions extends ReadOptions {
  format: PredictionFormat;
  predictionsPath: string;
  goldPath?: string;
  /**
   * A dataset stored in the workspace: each item is graded against its stored question (by the
   * dataset's own ids) through the grading service (main/grading/grading-service.ts), as
   * import-run, runs, sessions and the Ask panel grade it.
   */
  dataset?: { name: string; format: DatasetFormat; questions: readonly StoredQuestion[] };
  scorerId: string;
}

/** One graded item with the answer it was graded on, as the file's reader read it. */
export type GradeFileItem = GradedItem & ReadAnswer;

export interface GradeFileResult {
  format: PredictionFormat;
  predictions: string;
  gold?: string;
  /** The workspace dataset the gold came from. */
  dataset?: string;
  scorer: { id: string; version: string };
  summary: GradeSummary;
  items: GradeFileItem[];
  warnings: string[];
}

export class GradeInputError extends Error {}

/** A second answer to an id is an error item (the first is graded), in every format. */
function markDuplicates(records: readonly ReadRecord[]): ReadRecord[] {
  const seen = new Set<string>();
  return records.map((r) => {
    if (isUnreadable(r)) return r;
    if (seen.has(r.id)) return { id: r.id, at: r.at, error: `duplicate id (${r.at})` };
    seen.add(r.id);
    return r;
  });
}

/**
 * What a scorer gets for one record: its answer as read, against the gold given by --gold or
 * --dataset when there is one, else the gold the file carries (with the file's scale and
 * answer type where the given gold has none, and the benchmark's gold decimals).
 */
export function toReadItem(r: ReadRecord, golds?: Map<string, GoldEntry>): ReadItem {
  if (isUnreadable(r)) return { id: r.id, error: r.error };
  const file = r.gold;
  let gold: { answer: GoldEntry['gold']; scale?: string; answerType?: string };
  if (golds) {
    const g = golds.get(r.id);
    if (!g) return { id: r.id, error: 'id not found in the gold file' };
    const problem = goldProblem(g.gold);
    if (problem) return { id: r.id, error: problem };
    const scale = g.goldScale ?? file?.scale;
    const answerType = g.answerType ?? file?.answerType;
    gold = {
      answer: g.gold,
      ...compact({ scale, answerType }),
    };
  } else {
    if (!file)
      return {
        id: r.id,
        error: 'the file carries no gold answer: grade it with --dataset or --gold',
      };
    if (file.problem) return { id: r.id, error: file.problem };
    gold = file;
  }
  return {
    id: r.id,
    input: {
      gold: gold.answer,
      ...compact({
        goldScale: gold.scale,
        goldDecimals: file?.decimals,
        answerType: gold.answerType,
      }),
      ...(r.question !== null ? { question: r.question } : {}),
      prediction: r.answer,
      predictionKind: r.answerKind,
      ...(r.answerScale !== null ? { predScale: r.answerScale } : {}),
    },
  };
}

function answerOf(r: ReadRecord): ReadAnswer {
  return isUnreadable(r)
    ? { answer: null, answerKind: null, answerScale: null }
    : { answer: r.answer, answerKind: r.answerKind, answerScale: r.answerScale };
}

/**
 * Reads a prediction file's text in the given format (through its one reader) into items to
 * score, against the gold given or else the gold the file carries.
 */
export function readPredictions(
  format: PredictionFormat,
  text: string,
  options: ReadOptions & { path?: string; golds?: Map<string, GoldEntry> } = {},
): ReadResult {
  const read = readPredictionFile(format, text, compact({ path: options.path, raw: options.raw }));
  const records = markDuplicates(read.records);
  return {
    items: records.map((r) => toReadItem(r, options.golds)),
    answers: records.map(answerOf),
    warnings: read.warnings,
  };
}

const errorItem = (id: string, rule: string): GradedItem => ({
  id,
  outcome: 'error',
  correct: false,
  score: 0,
  rule,
  extracted: null,
});

/** Every record graded against its stored question by the grading service. */
function gradeStored(
  records: readonly ReadRecord[],
  scorer: Scorer,
  dataset: NonNullable<GradeFileOptions['dataset']>,
): GradedItem[] {
  const byId = new Map(dataset.questions.map((q) => [q.externalId, q]));
  return records.map((r) => {
    if (isUnreadable(r)) return errorItem(r.id, r.error);
    const q = byId.get(r.id);
    if (!q) return errorItem(r.id, `id not found in dataset ${dataset.name}`);
    const v = gradeWith(scorer, dataset.format, q, r);
    return {
      id: r.id,
      outcome: v.outcome,
      correct: v.correct,
      score: v.score,
      ...compact({ em: v.em, f1: v.f1 }),
      rule: v.rule,
      extracted: v.extracted,
    };
  });
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
  if (options.goldPath && options.dataset)
    throw new GradeInputError('give the gold as --gold FILE or --dataset, not both');
  const golds = options.goldPath
    ? readGoldFile(await readFile(options.goldPath, 'utf8'))
    : undefined;
  if (golds?.size === 0 || options.dataset?.questions.length === 0)
    throw new GradeInputError(
      `no gold answers found in ${options.goldPath ?? `dataset ${options.dataset?.name}`}`,
    );
  const cannotRead = (e: unknown) =>
    new GradeInputError(
      `cannot read ${options.predictionsPath} as ${options.format}: ${(e as Error).message}`,
    );
  let graded: GradedItem[];
  let answers: ReadAnswer[];
  let warnings: string[];
  if (options.dataset) {
    let records: ReadRecord[];
    try {
      const read = readPredictionFile(options.format, text, {
        path: options.predictionsPath,
        ...compact({ raw: options.raw }),
      });
      records = markDuplicates(read.records);
      warnings = read.warnings;
    } catch (e) {
      throw cannotRead(e);
    }
    graded = gradeStored(records, scorer, options.dataset);
    answers = records.map(answerOf);
  } else {
    let read: ReadResult;
    try {
      read = readPredictions(options.format, text, {
        path: options.predictionsPath,
        ...compact({ raw: options.raw }),
        ...(golds ? { golds } : {}),
      });
    } catch (e) {
      throw cannotRead(e);
    }
    graded = gradeItems(read.items, scorer);
    answers = read.answers;
    warnings = read.warnings;
  }
  const items: GradeFileItem[] = graded.map((g, i) => ({ ...g, ...answers[i]! }));
  return {
    format: options.format,
    predictions: options.predictionsPath,
    ...(options.goldPath ? { gold: options.goldPath } : {}),
    ...(options.dataset ? { dataset: options.dataset.name } : {}),
    scorer: { id: scorer.id, version: scorer.version },
    summary: summarize(graded),
    items,
    warnings,
  };
}
