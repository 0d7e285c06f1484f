import type { Database } from 'better-sqlite3';
import { WorkbenchError } from '../../shared/api/result';
import type { StoredQuestion } from '../../shared/datasets';
import { getScorer } from '../../shared/grading/scorers';
import type { Scorer } from '../../shared/grading/verdict';
import type { DatasetFormat } from '../../shared/document/dataset-format';
import {
  IMPORTED_SCORER_ID,
  type RunItem,
  type RunManifest,
  type RunRegradeResult,
  type RunVerdict,
} from '../../shared/runs/run';
import { runsRepo } from '../db/runs-repo';
import { processAlive } from '../jobs/recover';
import { datasetContentHash } from './dataset-hash';
import { errorVerdict, gradeWith, isStale } from '../grading/grading-service';
import { resolveScorers } from './import-run';
import { writeTransaction } from '../db/write-transaction';

export type RegradeResult = RunRegradeResult;

/**
 * One scorer's verdict on a stored item, through the grading service. An item whose model call
 * failed has no answer to grade: it keeps the engine's "not answered" verdict (the error's code).
 */
function gradeItem(
  scorer: Scorer,
  format: DatasetFormat,
  question: StoredQuestion | undefined,
  item: RunItem,
): Omit<RunVerdict, 'itemId'> {
  if (item.error !== null) return errorVerdict(scorer, `not answered: ${item.error.split(':')[0]}`);
  return gradeWith(scorer, format, question, item);
}

/**
 * Grades every item of a run again with one scorer, against the gold the workspace holds now
 * (a revised gold, a re-imported dataset), with no model calls. Only that scorer's verdicts are
 * replaced, in one transaction; every other scorer's (and the file's `imported`) stay.
 */
export function regradeRun(
  db: Database,
  runId: number,
  scorerId: string,
  questionsOf: (datasetId: number) => StoredQuestion[],
): RegradeResult {
  const [scorer] = resolveScorers([scorerId]);
  const repo = runsRepo(db);
  const run = repo.summary(runId);
  const manifest = repo.manifest(runId);
  if (!run || !manifest)
    throw new WorkbenchError('not-found', `no run #${runId} in this workspace`);
  if (
    run.status === 'running' &&
    repo.running().some((r) => r.id === runId && r.pid !== null && processAlive(r.pid))
  )
    throw new WorkbenchError(
      'unsupported',
      `run #${runId} is still being written; re-grade it when it has ended`,
    );
  if (run.datasetId === null)
    throw new WorkbenchError(
      'not-found',
      `the dataset of run #${runId} (${manifest.dataset.name}) was removed from this workspace; import it again to re-grade`,
    );
  const questions = questionsOf(run.datasetId);
  const byId = new Map(questions.map((q) => [q.id, q]));
  const items = repo.items(runId);
  const before = repo.verdicts(runId).filter((v) => v.scorer === scorer!.id);
  let missing = 0;
  const verdicts: RunVerdict[] = items.map((it) => {
    const q = it.questionId === null ? undefined : byId.get(it.questionId);
    if (!q) missing++;
    return { itemId: it.itemId, ...gradeItem(scorer!, manifest.dataset.format, q, it) };
  });
  const hash = datasetContentHash(questions);
  const next: RunManifest = {
    ...manifest,
    scorers: [
      ...manifest.scorers.filter((s) => s.id !== scorer!.id),
      { id: scorer!.id, version: scorer!.version, gradedAgainst: hash },
    ],
  };
  repo.replaceVerdicts(runId, scorer!.id, verdicts, next);
  const correct = verdicts.filter((v) => v.correct).length;
  const pct = (k: number, n: number) => (n === 0 ? 0 : Math.round((10000 * k) / n) / 100);
  const prevCorrect = before.filter((v) => v.correct).length;
  return {
    runId,
    scorer: { id: scorer!.id, version: scorer!.version },
    items: items.length,
    correct,
    accuracy: pct(correct, items.length),
    missingQuestions: missing,
    previous:
      before.length === 0
        ? null
        : { correct: prevCorrect, accuracy: pct(prevCorrect, before.length) },
  };
}

/** What re-grading one question in one run changed. */
export interface QuestionRegrade {
  runId: number;
  verdicts: number;
  flipped: number;
}

/**
 * After a question's gold changed (an accepted gold dispute, main/disputes): the run's verdicts
 * on that question are graded again by each of the run's own scorers (the file's `imported`
 * verdicts are the file's and stay), and every scorer that was graded against the dataset as it
 * was (`hashBefore`) is marked graded against the dataset as it is now (`hashAfter`), so a run
 * without the question is not reported as stale. A scorer already stale keeps its old hash. One
 * transaction per run; no model calls.
 */
export function regradeQuestionInRun(
  db: Database,
  runId: number,
  question: StoredQuestion,
  hashes: { before: string; after: string },
): QuestionRegrade {
  const repo = runsRepo(db);
  return writeTransaction(db, (): QuestionRegrade => {
    const manifest = repo.manifest(runId);
    if (!manifest) return { runId, verdicts: 0, flipped: 0 };
    const item = repo.items(runId).find((it) => it.questionId === question.id);
    const all = repo.verdicts(runId);
    const next: RunManifest = {
      ...manifest,
      scorers: manifest.scorers.map((s) =>
        s.gradedAgainst === hashes.before ? { ...s, gradedAgainst: hashes.after } : s,
      ),
    };
    let verdicts = 0;
    let flipped = 0;
    let manifestWritten = false;
    const own = manifest.scorers.filter((s) => s.id !== IMPORTED_SCORER_ID && getScorer(s.id));
    for (const ref of own) {
      const scorer = getScorer(ref.id)!;
      const ofScorer = all.filter((v) => v.scorer === ref.id);
      const old = item ? ofScorer.find((v) => v.itemId === item.itemId) : undefined;
      if (!item || !old) {
        // Nothing of this scorer on the question: only the manifest moves on, and it is
        // written whole by any one replaceVerdicts (the runs repo's only manifest writer).
        const moves = JSON.stringify(next.scorers) !== JSON.stringify(manifest.scorers);
        if (moves && !manifestWritten) repo.replaceVerdicts(runId, ref.id, ofScorer, next);
        manifestWritten = true;
        continue;
      }
      manifestWritten = true;
      const fresh: RunVerdict = {
        itemId: item.itemId,
        ...gradeItem(scorer, manifest.dataset.format, question, item),
      };
      verdicts++;
      if (fresh.correct !== old.correct) flipped++;
      repo.replaceVerdicts(
        runId,
        ref.id,
        ofScorer.map((v) => (v.itemId === item.itemId ? fresh : v)),
        next,
      );
    }
    return { runId, verdicts, flipped };
  })();
}

/** What catching up one run's stale verdicts did. */
export interface StaleRunRegrade {
  runId: number;
  /** Verdicts graded again (stale: an older scorer version, or another gold version). */
  verdicts: number;
  flipped: number;
  /** The scorers that had stale verdicts. */
  scorers: string[];
  /** Why the run was left alone (being written, its dataset removed); null when it was checked. */
  skipped: string | null;
}

/**
 * Grades again, with their own scorers, the verdicts of a run that are stale
 * (main/grading/grading-service.ts `isStale`): graded by an older version of the scorer, or
 * against a gold version the question no longer has (an accepted dispute, a re-import, a
 * verdict from before gold versions were recorded). Fresh verdicts and the file's `imported`
 * ones stay as they are. A scorer that had stale verdicts is then recorded in the manifest at
 * its current version, graded against the dataset as it is now. One transaction; no model calls.
 */
export function regradeStaleInRun(
  db: Database,
  runId: number,
  questionsOf: (datasetId: number) => StoredQuestion[],
): StaleRunRegrade {
  const repo = runsRepo(db);
  const none = (skipped: string | null): StaleRunRegrade => ({
    runId,
    verdicts: 0,
    flipped: 0,
    scorers: [],
    skipped,
  });
  const run = repo.summary(runId);
  if (!run) throw new WorkbenchError('not-found', `no run #${runId} in this workspace`);
  if (
    run.status === 'running' &&
    repo.running().some((r) => r.id === runId && r.pid !== null && processAlive(r.pid))
  )
    return none('still being written');
  if (run.datasetId === null) return none('its dataset was removed from this workspace');
  const questions = questionsOf(run.datasetId);
  const byId = new Map(questions.map((q) => [q.id, q]));
  const hash = datasetContentHash(questions);
  return writeTransaction(db, (): StaleRunRegrade => {
    const manifest = repo.manifest(runId)!;
    const format = manifest.dataset.format;
    const items = new Map(repo.items(runId).map((it) => [it.itemId, it]));
    const all = repo.verdicts(runId);
    const out = none(null);
    let next = manifest;
    const replaced: [string, RunVerdict[]][] = [];
    for (const ref of manifest.scorers) {
      const scorer = ref.id === IMPORTED_SCORER_ID ? undefined : getScorer(ref.id);
      if (!scorer) continue;
      let stale = 0;
      const fresh = all
        .filter((v) => v.scorer === ref.id)
        .map((v): RunVerdict => {
          const item = items.get(v.itemId);
          if (!item) return v;
          const q = item.questionId === null ? undefined : byId.get(item.questionId);
          const old =
            item.error !== null ? v.scorerVersion !== scorer.version : isStale(v, format, q);
          if (!old) return v;
          stale++;
          const now: RunVerdict = { itemId: v.itemId, ...gradeItem(scorer, format, q, item) };
          if (now.correct !== v.correct) out.flipped++;
          return now;
        });
      if (stale === 0) continue;
      out.verdicts += stale;
      out.scorers.push(ref.id);
      replaced.push([ref.id, fresh]);
      next = {
        ...next,
        scorers: next.scorers.map((s) =>
          s.id === ref.id ? { id: s.id, version: scorer.version, gradedAgainst: hash } : s,
        ),
      };
    }
    // Every replacement writes the manifest whole: the last one carries all the changes.
    for (const [id, verdicts] of replaced) repo.replaceVerdicts(runId, id, verdicts, next);
    return out;
  })();
}
