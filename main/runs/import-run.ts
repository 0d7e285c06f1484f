import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { WorkbenchError } from '../../shared/api/result';
import type { DatasetSummary, StoredQuestion } from '../../shared/datasets';
import { runScorerIds } from '../../shared/grading/default-scorers';
import { getScorer, scorers as allScorers } from '../../shared/grading/scorers';
import type { Scorer } from '../../shared/grading/verdict';
import {
  countId,
  idCount,
  IMPORTED_SCORER_ID,
  type RunImportFormat,
  type RunImportResult,
  type RunManifest,
  type RunMode,
  type RunVerdict,
} from '../../shared/runs/run';
import type { DatasetService } from '../datasets/dataset-service';
import type { JobRunner } from '../jobs/job-runner';
import { runsRepo, type NewRunItem } from '../db/runs-repo';
import type { Database } from 'better-sqlite3';
import { gradeAnswer } from '../grading/grading-service';
import { datasetContentHash } from './dataset-hash';
import {
  isUnreadable,
  readPredictionFile as readRecords,
  type PredictionRecord,
  type RecordedVerdict,
} from '../grading/readers';

/** Largest prediction file read (it is read whole; the biggest real ones are ~10 MB). */
export const MAX_RUN_FILE_BYTES = 512 * 1024 * 1024;
/** Items per transaction: a crash or a cancel loses at most the batch being written. */
export const DEFAULT_IMPORT_BATCH = 100;

/** What to import first when no dataset has the file's ids. */
const DATASET_HINT: Record<RunImportFormat, string> = {
  'docmath-processed':
    'the DocMath-Eval/FinanceMath file these outputs answer, e.g. `workbench import-dataset --format docmath ../shared/data/datasets/financemath/validation.json`',
  'tatqa-pot':
    'the TAT-QA file these outputs answer, e.g. `workbench import-dataset --format tatqa ../shared/data/datasets/tatqa/tatqa_dataset_dev.json`',
  'tatqa-pred':
    'the TAT-QA file these outputs answer, e.g. `workbench import-dataset --format tatqa ../shared/data/datasets/tatqa/tatqa_dataset_dev.json`',
  'lm-eval': 'the dataset the task was built from with `workbench import-dataset`',
  jsonl: 'the dataset the ids come from with `workbench import-dataset`',
  'financebench-graded':
    'the FinanceBench questions these answers are about, e.g. `workbench import-dataset --format financebench ../shared/data/financebench/questions.jsonl`',
};

export interface ImportRunOptions {
  format: RunImportFormat;
  /** The file on this machine; with `bytes`, only its name (the renderer sent the contents). */
  path: string;
  /** The file's contents (web-mode upload); read from `path` when absent. */
  bytes?: Uint8Array;
  datasetId?: number;
  /** Overrides what the file's name says. */
  model?: string;
  mode?: RunMode;
  /**
   * Our scorers to grade with; by default the dataset format's (shared/grading/default-scorers.ts:
   * its official port and its default scorer), the same as an engine run on the dataset.
   */
  scorers?: string[];
  /** Items per transaction (tests make it small to cancel mid-way). */
  batchSize?: number;
  /** Called after each committed batch (the CLI prints it). */
  onProgress?: (written: number, total: number, runId: number) => void;
}

export interface ImportRunDeps {
  db: Database;
  datasets: DatasetService;
  jobs: JobRunner;
  appVersion: string;
  /** Runs being written by this process (closing the workspace marks them interrupted). */
  active: Set<number>;
}

export function resolveScorers(ids: readonly string[]): Scorer[] {
  return ids.map((id) => {
    if (id === IMPORTED_SCORER_ID)
      throw new WorkbenchError(
        'invalid-input',
        `"${IMPORTED_SCORER_ID}" verdicts come from the file itself; choose one of ${Object.keys(allScorers).join(', ')}`,
      );
    const s = getScorer(id);
    if (!s)
      throw new WorkbenchError(
        'invalid-input',
        `unknown scorer "${id}" (one of ${Object.keys(allScorers).join(', ')})`,
      );
    return s;
  });
}

/** The file's text with its SHA-256 and size, refused when empty or too large. */
function predictionText(
  name: string,
  buf: Uint8Array,
): { text: string; sha256: string; bytes: number } {
  if (buf.length === 0) throw new WorkbenchError('file-empty', `${name} is empty`);
  if (buf.length > MAX_RUN_FILE_BYTES)
    throw new WorkbenchError(
      'file-too-large',
      `${name} is ${buf.length} bytes; prediction files up to ${MAX_RUN_FILE_BYTES} bytes are read`,
    );
  return {
    text: Buffer.from(buf.buffer, buf.byteOffset, buf.length).toString('utf8'),
    sha256: createHash('sha256').update(buf).digest('hex'),
    bytes: buf.length,
  };
}

async function readPredictionFile(
  path: string,
): Promise<{ text: string; sha256: string; bytes: number }> {
  let size: number;
  try {
    const s = await stat(path);
    if (!s.isFile()) throw new WorkbenchError('file-unreadable', `${path} is not a file`);
    size = s.size;
  } catch (e) {
    if (e instanceof WorkbenchError) throw e;
    throw new WorkbenchError(
      'file-unreadable',
      `cannot read ${path} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
    );
  }
  if (size === 0) throw new WorkbenchError('file-empty', `${path} is empty`);
  if (size > MAX_RUN_FILE_BYTES)
    throw new WorkbenchError(
      'file-too-large',
      `${path} is ${size} bytes; prediction files up to ${MAX_RUN_FILE_BYTES} bytes are read`,
    );
  return predictionText(path, await readFile(path));
}

/** The dataset whose questions the file answers: the one given, or the only one that matches. */
function pickDataset(
  datasets: DatasetService,
  ids: readonly string[],
  options: ImportRunOptions,
): DatasetSummary {
  if (options.datasetId !== undefined) return datasets.summary(options.datasetId);
  const wanted = new Set(ids);
  const matches = datasets
    .list()
    .map((d) => ({
      d,
      hits: datasets.storedQuestions(d.id).filter((q) => wanted.has(q.externalId)).length,
    }))
    .filter((m) => m.hits > 0)
    .sort((a, b) => b.hits - a.hits);
  const example = ids.slice(0, 3).join(', ');
  if (matches.length === 0)
    throw new WorkbenchError(
      'not-found',
      `no dataset in this workspace has the questions of ${basename(options.path)} (ids like ${example}); import ${DATASET_HINT[options.format]} first (import-run then finds it, or give its id with --dataset-id N)`,
    );
  if (matches.length > 1 && matches[0]!.hits === matches[1]!.hits)
    throw new WorkbenchError(
      'invalid-input',
      `${matches.length} datasets have these question ids (${matches.map((m) => `#${m.d.id} ${m.d.name}`).join(', ')}); choose one with --dataset-id N`,
    );
  return matches[0]!.d;
}

function recordedVerdict(r: RecordedVerdict): Omit<RunVerdict, 'itemId'> {
  return {
    scorer: IMPORTED_SCORER_ID,
    scorerVersion: 'file',
    correct: r.correct,
    score: r.score,
    outcome: r.outcome,
    rule: r.rule,
    extracted: null,
    predNormalized: '',
    goldNormalized: '',
  };
}

type ReadFile = ReturnType<typeof readRecords>;
type FileFacts = { text: string; sha256: string; bytes: number };
type Matched = { record: PredictionRecord; question: StoredQuestion };

/** The file's bytes (given or read) and its records, refused when no record is readable. */
async function readImportFile(
  options: ImportRunOptions,
): Promise<{ file: FileFacts; read: ReadFile; readable: PredictionRecord[] }> {
  const file = options.bytes
    ? predictionText(basename(options.path), options.bytes)
    : await readPredictionFile(options.path);
  let read;
  try {
    read = readRecords(options.format, file.text, { path: options.path });
  } catch (e) {
    throw new WorkbenchError(
      'invalid-input',
      `cannot read ${basename(options.path)} as ${options.format}: ${(e as Error).message}`,
    );
  }
  const readable = read.records.filter((r): r is PredictionRecord => !isUnreadable(r));
  if (readable.length === 0)
    throw new WorkbenchError(
      'invalid-input',
      `${basename(options.path)} has no readable ${options.format} record (${read.records.length} records${read.records[0] && isUnreadable(read.records[0]) ? `; first: ${read.records[0].id}: ${read.records[0].error}` : ''})`,
    );
  return { file, read, readable };
}

/** Each record paired with its question; unreadable, unknown and repeated ids are counted. */
function matchRecords(read: ReadFile, questions: readonly StoredQuestion[]) {
  const byExternal = new Map(questions.map((q) => [q.externalId, q]));
  const unreadable = idCount();
  const unknownIds = idCount();
  const duplicates = idCount();
  const matched: Matched[] = [];
  const seen = new Set<string>();
  for (const r of read.records) {
    if (isUnreadable(r)) {
      countId(unreadable, `${r.id}: ${r.error}`);
      continue;
    }
    const q = byExternal.get(r.id);
    if (!q) {
      countId(unknownIds, r.id);
      continue;
    }
    if (seen.has(r.id)) {
      countId(duplicates, r.id);
      continue;
    }
    seen.add(r.id);
    matched.push({ record: r, question: q });
  }
  return { matched, unreadable, unknownIds, duplicates };
}

/** The run's manifest: the dataset (by content hash), the file, the model and the scorers. */
function importManifest(
  deps: ImportRunDeps,
  options: ImportRunOptions,
  src: { dataset: DatasetSummary; questions: readonly StoredQuestion[]; file: FileFacts },
  read: ReadFile,
  match: ReturnType<typeof matchRecords>,
  ours: readonly Scorer[],
): RunManifest {
  const { dataset, questions, file } = src;
  const hash = datasetContentHash(questions);
  const hasRecorded = match.matched.some((m) => m.record.recorded !== null);
  return {
    dataset: {
      id: dataset.id,
      name: dataset.name,
      format: dataset.format,
      contentHash: hash,
      questionCount: questions.length,
    },
    // An import answers what its file answers; the report counts the rest as unanswered.
    subset: null,
    model: {
      id: options.model ?? read.model,
      provider: null,
      params: read.recordedAs ? { recordedVerdicts: read.recordedAs } : {},
    },
    imported: {
      format: options.format,
      file: basename(options.path),
      sha256: file.sha256,
      bytes: file.bytes,
      records: read.records.length,
      unknownIds: match.unknownIds,
      unreadable: match.unreadable,
      duplicates: match.duplicates,
    },
    mode: options.mode ?? read.mode,
    scorers: [
      ...ours.map((s) => ({ id: s.id, version: s.version, gradedAgainst: hash })),
      ...(hasRecorded ? [{ id: IMPORTED_SCORER_ID, version: 'file' }] : []),
    ],
    appVersion: deps.appVersion,
    templateHash: null,
    retrieval: null,
  };
}

/** One matched record as a run item with our scorers' verdicts (and the file's, if it has one). */
function runItem(
  format: DatasetSummary['format'],
  { record, question }: Matched,
  ours: readonly Scorer[],
): NewRunItem {
  const verdicts: Omit<RunVerdict, 'itemId'>[] = gradeAnswer(format, question, record, ours);
  if (record.recorded) verdicts.push(recordedVerdict(record.recorded));
  return {
    questionId: question.id,
    externalId: record.id,
    output: record.output,
    answer: record.answer,
    answerKind: record.answerKind,
    answerScale: record.answerScale,
    program: record.program,
    execution: record.execution,
    usage: null,
    latencyMs: null,
    error: null,
    verdicts,
  };
}

/**
 * Writes the items batch by batch in a `run` job, counting correct verdicts per scorer into
 * `correct`; the run ends `done`, or `interrupted`/`failed` with the committed batches kept.
 */
async function writeItems(
  deps: ImportRunDeps,
  options: ImportRunOptions,
  run: { runId: number; format: DatasetSummary['format']; matched: Matched[] },
  ours: readonly Scorer[],
  correct: Record<string, number>,
): Promise<void> {
  const { runId, matched } = run;
  const repo = runsRepo(deps.db);
  const batch = Math.max(1, options.batchSize ?? DEFAULT_IMPORT_BATCH);
  let written = 0;
  try {
    await deps.jobs.run(
      { kind: 'run', label: `import ${basename(options.path)}`, subject: `run:${runId}` },
      async (job) => {
        for (let start = 0; start < matched.length; start += batch) {
          if (job.signal.aborted) throw new WorkbenchError('cancelled', 'cancelled');
          const items = matched
            .slice(start, start + batch)
            .map((m) => runItem(run.format, m, ours));
          repo.addItems(runId, items);
          for (const it of items)
            for (const v of it.verdicts)
              correct[v.scorer] = (correct[v.scorer] ?? 0) + (v.correct ? 1 : 0);
          written += items.length;
          job.progress(Math.round((100 * written) / matched.length), 100, 'percent');
          options.onProgress?.(written, matched.length, runId);
          // Let a cancel (or the API) in between batches.
          await nextTurn();
        }
      },
    );
    repo.setStatus(runId, 'done', null);
  } catch (e) {
    const cancelled = e instanceof WorkbenchError && e.code === 'cancelled';
    const message = `${cancelled ? 'import cancelled' : `import failed: ${(e as Error).message}`} after ${written} of ${matched.length} items (the written items are kept)`;
    try {
      repo.setStatus(runId, cancelled ? 'interrupted' : 'failed', message);
    } catch {
      // The workspace closed under us: close() already marked the run interrupted.
    }
    throw cancelled ? new WorkbenchError('cancelled', `run #${runId}: ${message}`) : e;
  } finally {
    deps.active.delete(runId);
  }
}

/**
 * Imports a prediction file as a run: reads it, matches its ids to the dataset's questions
 * (unknown ids, unreadable records and duplicates are counted and listed, never dropped
 * silently), then writes items with every scorer's verdict in batches, one transaction each,
 * as a `run` job (cancellable). A cancel, a crash or a closed workspace leaves the committed
 * batches and the run `interrupted`.
 */
export async function importRun(
  deps: ImportRunDeps,
  options: ImportRunOptions,
): Promise<RunImportResult> {
  // Named scorers are checked before the file is read; the default waits for the dataset.
  const named = options.scorers ? resolveScorers(options.scorers) : null;
  const { file, read, readable } = await readImportFile(options);
  const dataset = pickDataset(
    deps.datasets,
    readable.map((r) => r.id),
    options,
  );
  const ours = named ?? resolveScorers(runScorerIds(dataset.format));
  const questions = deps.datasets.storedQuestions(dataset.id);
  const match = matchRecords(read, questions);
  const { matched, unreadable, unknownIds, duplicates } = match;
  if (matched.length === 0)
    throw new WorkbenchError(
      'invalid-input',
      `none of the ${read.records.length} records of ${basename(options.path)} is a question of dataset #${dataset.id} ${dataset.name} (ids like ${unknownIds.examples.slice(0, 3).join(', ')}); is it the right dataset? (${DATASET_HINT[options.format]})`,
    );

  const manifest = importManifest(deps, options, { dataset, questions, file }, read, match, ours);
  const runId = runsRepo(deps.db).create({
    datasetId: dataset.id,
    source: 'imported',
    model: manifest.model.id,
    mode: manifest.mode,
    total: matched.length,
    manifest,
    createdAt: new Date().toISOString(),
  });
  deps.active.add(runId);
  const correct: Record<string, number> = {};
  await writeItems(deps, options, { runId, format: dataset.format, matched }, ours, correct);
  const percent = (k: number) => Math.round((10000 * k) / matched.length) / 100;
  return {
    runId,
    status: 'done',
    datasetId: dataset.id,
    records: read.records.length,
    matched: matched.length,
    unknownIds,
    unreadable,
    duplicates,
    unanswered: questions.length - matched.length,
    accuracy: Object.fromEntries(manifest.scorers.map((s) => [s.id, percent(correct[s.id] ?? 0)])),
    warnings: read.warnings,
  };
}
