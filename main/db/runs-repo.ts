import type { Database } from 'better-sqlite3';
import {
  RunManifest,
  type RunItem,
  type RunMode,
  type RunSource,
  type RunStatus,
  type RunSummary,
  type RunVerdict,
} from '../../shared/runs/run';
import { perConnection } from './per-connection';
import { writeTransaction } from './write-transaction';

interface RunRow {
  id: number;
  dataset_id: number | null;
  source: RunSource;
  model: string;
  mode: RunMode | null;
  status: RunStatus;
  total: number;
  manifest: string;
  pid: number | null;
  message: string | null;
  created_at: string;
  updated_at: string;
  done: number;
}

interface ItemRow {
  id: number;
  question_id: number | null;
  external_id: string;
  output: string | null;
  answer: string | null;
  answer_kind: RunItem['answerKind'];
  answer_scale: string | null;
  program: string | null;
  execution: string | null;
  usage: string | null;
  latency_ms: number | null;
  error: string | null;
}

interface VerdictRow {
  item_id: number;
  scorer: string;
  scorer_version: string;
  correct: number;
  score: number;
  outcome: RunVerdict['outcome'];
  rule: string;
  extracted: string | null;
  pred_normalized: string;
  gold_normalized: string;
  gold_version: string | null;
}

/** An item to write: everything but its row id, with the verdicts of each scorer. */
export interface NewRunItem extends Omit<RunItem, 'itemId'> {
  verdicts: Omit<RunVerdict, 'itemId'>[];
}

export interface NewRun {
  datasetId: number;
  source: RunSource;
  model: string;
  mode: RunMode | null;
  total: number;
  manifest: RunManifest;
  createdAt: string;
}

const toSummary = (r: RunRow): RunSummary => ({
  runId: r.id,
  status: r.status,
  done: r.done,
  total: r.total,
  model: r.model,
  mode: r.mode,
  datasetId: r.dataset_id,
  source: r.source,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  message: r.message,
});

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
const parsed = <T>(s: string | null): T | null => (s === null ? null : (JSON.parse(s) as T));

const toItem = (r: ItemRow): RunItem => ({
  itemId: r.id,
  questionId: r.question_id,
  externalId: r.external_id,
  output: r.output,
  answer: parsed<unknown>(r.answer),
  answerKind: r.answer_kind,
  answerScale: r.answer_scale,
  program: r.program,
  execution: parsed<RunItem['execution']>(r.execution),
  usage: parsed<RunItem['usage']>(r.usage),
  latencyMs: r.latency_ms,
  error: r.error,
});

const toVerdict = (r: VerdictRow): RunVerdict => ({
  itemId: r.item_id,
  scorer: r.scorer,
  scorerVersion: r.scorer_version,
  correct: r.correct === 1,
  score: r.score,
  outcome: r.outcome,
  rule: r.rule,
  extracted: r.extracted,
  predNormalized: r.pred_normalized,
  goldNormalized: r.gold_normalized,
  goldVersion: r.gold_version,
});

const SELECT_RUN = `SELECT r.*, (SELECT count(*) FROM run_items i WHERE i.run_id = r.id) AS done FROM runs r`;

/** The run rows: what was run, its status and manifest. */
function runRows(db: Database) {
  const insRun = db.prepare<
    [number, RunSource, string, RunMode | null, number, string, number, string, string],
    { id: number }
  >(
    `INSERT INTO runs (dataset_id, source, model, mode, status, total, manifest, pid, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'running', ?, ?, ?, ?, ?) RETURNING id`,
  );
  const byId = db.prepare<[number], RunRow>(`${SELECT_RUN} WHERE r.id = ?`);
  const all = db.prepare<[], RunRow>(`${SELECT_RUN} ORDER BY r.id DESC`);
  const setStatus = db.prepare<[RunStatus, string | null, string, number]>(
    'UPDATE runs SET status = ?, message = ?, updated_at = ? WHERE id = ?',
  );
  const setManifest = db.prepare<[string, string, number]>(
    'UPDATE runs SET manifest = ?, updated_at = ? WHERE id = ?',
  );
  const touch = db.prepare<[string, number]>('UPDATE runs SET updated_at = ? WHERE id = ?');
  const runningRows = db.prepare<[], { id: number; pid: number | null }>(
    "SELECT id, pid FROM runs WHERE status = 'running'",
  );
  const delRun = db.prepare<[number]>('DELETE FROM runs WHERE id = ?');

  return {
    setManifest,
    touch,
    create(run: NewRun): number {
      return insRun.get(
        run.datasetId,
        run.source,
        run.model,
        run.mode,
        run.total,
        JSON.stringify(run.manifest),
        process.pid,
        run.createdAt,
        run.createdAt,
      )!.id;
    },
    summary: (id: number): RunSummary | undefined => {
      const r = byId.get(id);
      return r ? toSummary(r) : undefined;
    },
    manifest: (id: number): RunManifest | undefined => {
      const r = byId.get(id);
      return r ? RunManifest.parse(JSON.parse(r.manifest)) : undefined;
    },
    list: (): RunSummary[] => all.all().map(toSummary),
    setStatus: (
      runId: number,
      status: RunStatus,
      message: string | null,
      at = new Date().toISOString(),
    ) => setStatus.run(status, message, at, runId),
    /** Runs left `running` and the process that writes them. */
    running: () => runningRows.all(),
    remove: (id: number) => delRun.run(id).changes > 0,
  };
}

/** The verdicts on a run's items, one per item and scorer. */
function runVerdicts(db: Database, setManifest: ReturnType<typeof runRows>['setManifest']) {
  const putVerdict = db.prepare<
    [
      number,
      number,
      string,
      string,
      number,
      number,
      string,
      string,
      string | null,
      string,
      string,
      string | null,
    ]
  >(
    `INSERT INTO run_verdicts (item_id, run_id, scorer, scorer_version, correct, score, outcome, rule,
       extracted, pred_normalized, gold_normalized, gold_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (item_id, scorer) DO UPDATE SET scorer_version = excluded.scorer_version,
       correct = excluded.correct, score = excluded.score, outcome = excluded.outcome,
       rule = excluded.rule, extracted = excluded.extracted,
       pred_normalized = excluded.pred_normalized, gold_normalized = excluded.gold_normalized,
       gold_version = excluded.gold_version`,
  );
  const verdictsOf = db.prepare<[number], VerdictRow>(
    'SELECT * FROM run_verdicts WHERE run_id = ? ORDER BY item_id, scorer',
  );
  const verdictsBetween = db.prepare<[number, number, number], VerdictRow>(
    'SELECT * FROM run_verdicts WHERE run_id = ? AND item_id BETWEEN ? AND ? ORDER BY item_id, scorer',
  );
  const delVerdicts = db.prepare<[number, string]>(
    'DELETE FROM run_verdicts WHERE run_id = ? AND scorer = ?',
  );

  const verdict = (itemId: number, runId: number, v: Omit<RunVerdict, 'itemId'>) =>
    putVerdict.run(
      itemId,
      runId,
      v.scorer,
      v.scorerVersion,
      v.correct ? 1 : 0,
      v.score,
      v.outcome,
      v.rule,
      v.extracted,
      v.predNormalized,
      v.goldNormalized,
      v.goldVersion ?? null,
    );

  /** A re-grade: one scorer's verdicts replaced, every other scorer's untouched. */
  const replaceVerdicts = writeTransaction(
    db,
    (
      runId: number,
      scorer: string,
      verdicts: readonly RunVerdict[],
      manifest: RunManifest,
      at: string,
    ) => {
      delVerdicts.run(runId, scorer);
      for (const v of verdicts) verdict(v.itemId, runId, v);
      setManifest.run(JSON.stringify(manifest), at, runId);
    },
  );

  return {
    verdict,
    verdicts: (runId: number): RunVerdict[] => verdictsOf.all(runId).map(toVerdict),
    /** The verdicts of the items whose ids lie in [fromItemId, toItemId]. */
    verdictsBetween: (runId: number, fromItemId: number, toItemId: number): RunVerdict[] =>
      verdictsBetween.all(runId, fromItemId, toItemId).map(toVerdict),
    replaceVerdicts: (
      runId: number,
      scorer: string,
      verdicts: readonly RunVerdict[],
      manifest: RunManifest,
      at = new Date().toISOString(),
    ) => replaceVerdicts(runId, scorer, verdicts, manifest, at),
  };
}

/** A run's items (one per question answered), each written with its verdicts. */
function runItems(
  db: Database,
  touch: ReturnType<typeof runRows>['touch'],
  verdict: ReturnType<typeof runVerdicts>['verdict'],
) {
  const insItem = db.prepare<
    [
      number,
      number | null,
      string,
      string | null,
      string | null,
      string,
      string | null,
      string | null,
      string | null,
      string | null,
      number | null,
      string | null,
      string,
    ],
    { id: number }
  >(
    `INSERT INTO run_items (run_id, question_id, external_id, output, answer, answer_kind, answer_scale,
       program, execution, usage, latency_ms, error, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  );
  const itemFor = db.prepare<[number, number], ItemRow>(
    'SELECT * FROM run_items WHERE run_id = ? AND question_id = ?',
  );
  const itemsOf = db.prepare<[number], ItemRow>(
    'SELECT * FROM run_items WHERE run_id = ? ORDER BY id',
  );
  // Keyset pages (on the item id), so items committed meanwhile by a running engine never
  // shift a page of a reader going through a big run.
  const itemsAfter = db.prepare<[number, number, number], ItemRow>(
    'SELECT * FROM run_items WHERE run_id = ? AND id > ? ORDER BY id LIMIT ?',
  );
  /** One item with its verdicts; the caller's transaction holds it. */
  const insertItem = (runId: number, it: NewRunItem, at: string) => {
    const { id } = insItem.get(
      runId,
      it.questionId,
      it.externalId,
      it.output,
      json(it.answer),
      it.answerKind,
      it.answerScale,
      it.program,
      json(it.execution),
      json(it.usage),
      it.latencyMs,
      it.error,
      at,
    )!;
    for (const v of it.verdicts) verdict(id, runId, v);
  };
  /** One batch of items with their verdicts: all of it committed, or none. */
  const addItems = writeTransaction(
    db,
    (runId: number, items: readonly NewRunItem[], at: string) => {
      for (const it of items) insertItem(runId, it, at);
      touch.run(at, runId);
    },
  );
  return {
    insertItem,
    addItems: (runId: number, items: readonly NewRunItem[], at = new Date().toISOString()) =>
      addItems(runId, items, at),
    items: (runId: number): RunItem[] => itemsOf.all(runId).map(toItem),
    /** The item answering one question (a run has at most one per question). */
    item: (runId: number, questionId: number): RunItem | undefined => {
      const r = itemFor.get(runId, questionId);
      return r ? toItem(r) : undefined;
    },
    /** Up to `limit` items with an id above `afterItemId`, in id order. */
    itemsAfter: (runId: number, afterItemId: number, limit: number): RunItem[] =>
      itemsAfter.all(runId, afterItemId, limit).map(toItem),
  };
}

/** What the engine (main/runs/engine) needs beyond the rest: taking a run over, resuming it. */
function runEngineRows(
  db: Database,
  insertItem: ReturnType<typeof runItems>['insertItem'],
  touch: ReturnType<typeof runRows>['touch'],
) {
  const claim = db.prepare<[number, string, number]>(
    "UPDATE runs SET status = 'running', pid = ?, message = NULL, updated_at = ? WHERE id = ? AND status <> 'running'",
  );
  const committedOf = db.prepare<
    [number],
    { question_id: number | null; failed: number; usage: string | null }
  >('SELECT question_id, error IS NOT NULL AS failed, usage FROM run_items WHERE run_id = ?');
  const delFailed = db.prepare<[number, number]>(
    'DELETE FROM run_items WHERE run_id = ? AND question_id = ? AND error IS NOT NULL',
  );
  /**
   * Engine items with their verdicts, all in one transaction (all committed, or none): the
   * items graded in one event-loop turn (main/runs/engine/item-committer.ts). A failed item of
   * an earlier attempt (the model call failed) is replaced; its row goes only now, when the new
   * one is written. Plain statements inside the one transaction, no savepoint per item: a
   * failing write rolls the whole batch back either way (issue 26: two savepoints and the
   * run's `updated_at` per item were a measurable part of a question's commit).
   */
  const putItems = writeTransaction(
    db,
    (runId: number, items: readonly NewRunItem[], at: string) => {
      for (const it of items) {
        if (it.questionId !== null) delFailed.run(runId, it.questionId);
        insertItem(runId, it, at);
      }
      touch.run(at, runId);
    },
  );

  return {
    /**
     * Takes a run over for this process (resume): false when it is `running` already (another
     * process, or this one, writes it).
     */
    claim: (runId: number, at = new Date().toISOString()) =>
      claim.run(process.pid, at, runId).changes > 0,
    /** What an engine run has committed: per question, failed or not, and its usage. */
    committed: (runId: number) =>
      committedOf.all(runId).map((r) => ({
        questionId: r.question_id,
        failed: r.failed === 1,
        usage: parsed<RunItem['usage']>(r.usage),
      })),
    putItem: (runId: number, item: NewRunItem, at = new Date().toISOString()) =>
      putItems(runId, [item], at),
    /** As `putItem`, several items in one transaction, committed together at `at`. */
    putItems: (runId: number, items: readonly NewRunItem[], at = new Date().toISOString()) =>
      putItems(runId, items, at),
  };
}

/** All SQL touching runs, their items and verdicts (migration 0011), by concern. */
export const runsRepo = perConnection((db: Database) => {
  const { setManifest, touch, ...rows } = runRows(db);
  const { verdict, ...verdicts } = runVerdicts(db, setManifest);
  const { insertItem, ...items } = runItems(db, touch, verdict);
  return { ...runEngineRows(db, insertItem, touch), ...rows, ...items, ...verdicts };
});
export type RunsRepo = ReturnType<typeof runsRepo>;
