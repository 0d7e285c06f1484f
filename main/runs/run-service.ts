import type { Database } from 'better-sqlite3';
import { WorkbenchError } from '../../shared/api/result';
import type { StoredQuestion } from '../../shared/datasets';
import {
  buildReport,
  compareRuns,
  type ReportInput,
  type ReportItem,
  type RunComparison,
  type RunReport,
} from '../../shared/runs/report';
import {
  IMPORTED_SCORER_ID,
  type RunImportResult,
  type RunManifest,
  type RunSummary,
} from '../../shared/runs/run';
import { traceOf, type RunItemDetail } from '../../shared/runs/item-detail';
import { questionFacets } from '../../shared/runs/subsets';
import { appVersion } from '../app-paths';
import type { DatasetService } from '../datasets/dataset-service';
import { runsRepo } from '../db/runs-repo';
import type { JobRunner } from '../jobs/job-runner';
import { processAlive } from '../jobs/recover';
import { datasetContentHash } from './dataset-hash';
import { importRun, type ImportRunOptions } from './import-run';
import { regradeRun, regradeStaleInRun, type RegradeResult, type StaleRunRegrade } from './regrade';

// The engine takes the version from here too; one reading of package.json (main/app-paths).
export { appVersion };

/**
 * Evaluation runs: import prediction files as runs, list them, re-grade, report and compare.
 * The API handlers and the CLI both go through it; the engine (model calls) will write runs
 * through the same repository.
 */
export class RunService {
  private readonly active = new Set<number>();

  constructor(
    private readonly db: Database,
    private readonly datasets: DatasetService,
    private readonly jobs: JobRunner,
  ) {
    // On workspace open, as main/jobs/recover.ts does for jobs: a dead writer's run is
    // `interrupted` before anyone lists it (engine runs are then resumable).
    try {
      this.recover();
    } catch {
      // A read-only workspace cannot mark anything; list() says the same later.
    }
  }

  /**
   * The engine (main/runs/engine) writes a run in this process: recovery leaves it alone and
   * close() marks it interrupted. Returns the release.
   */
  writing(runId: number): () => void {
    this.active.add(runId);
    return () => this.active.delete(runId);
  }

  /** Whether this process writes the run now. */
  isWriting(runId: number): boolean {
    return this.active.has(runId);
  }

  private get repo() {
    return runsRepo(this.db);
  }

  /**
   * A run left `running` by a process that is gone (killed, crashed) shows as `interrupted`,
   * with its committed items; runs of live processes (the app and the CLI share a workspace)
   * are left alone.
   */
  recover(): void {
    for (const r of this.repo.running()) {
      if (this.active.has(r.id)) continue;
      if (r.pid === null || !processAlive(r.pid))
        this.repo.setStatus(
          r.id,
          'interrupted',
          `interrupted: the process writing it${r.pid !== null ? ` (pid ${r.pid})` : ''} ended before the run did (the written items are kept)`,
        );
    }
  }

  list(): RunSummary[] {
    this.recover();
    return this.repo.list();
  }

  get(runId: number): { summary: RunSummary; manifest: RunManifest } {
    this.recover();
    const summary = this.repo.summary(runId);
    const manifest = this.repo.manifest(runId);
    if (!summary || !manifest)
      throw new WorkbenchError('not-found', `no run #${runId} in this workspace`);
    return { summary, manifest };
  }

  /**
   * One item for the report's side panel: the question with its gold (analysts see it there),
   * the model's output, program, execution and stored trace, and every scorer's verdict.
   */
  item(runId: number, questionId: number): RunItemDetail {
    const { manifest } = this.get(runId);
    const item = this.repo.item(runId, questionId);
    if (!item)
      throw new WorkbenchError(
        'not-found',
        `run #${runId} has no item for question #${questionId}`,
      );
    let question: RunItemDetail['question'] = null;
    try {
      question = this.datasets.question(questionId);
    } catch (e) {
      if (!(e instanceof WorkbenchError && e.code === 'not-found')) throw e;
    }
    const verdicts = this.repo
      .verdictsBetween(runId, item.itemId, item.itemId)
      .map(({ itemId: _, ...v }) => v);
    return {
      runId,
      item,
      question,
      trace: traceOf(item.execution),
      verdicts,
      scorers: manifest.scorers,
    };
  }

  importFile(options: ImportRunOptions): Promise<RunImportResult> {
    return importRun(
      {
        db: this.db,
        datasets: this.datasets,
        jobs: this.jobs,
        appVersion: appVersion(),
        active: this.active,
      },
      options,
    );
  }

  regrade(runId: number, scorer: string): RegradeResult {
    this.recover();
    return regradeRun(this.db, runId, scorer, (id) => this.datasets.storedQuestions(id));
  }

  /**
   * Stale verdicts (an older scorer version, another gold version) graded again in the given
   * runs, or in every run of the workspace; runs being written are left alone and say so.
   */
  regradeStale(runIds?: readonly number[]): StaleRunRegrade[] {
    this.recover();
    const ids = runIds ?? this.repo.list().map((r) => r.runId);
    return ids.map((id) =>
      regradeStaleInRun(this.db, id, (datasetId) => this.datasets.storedQuestions(datasetId)),
    );
  }

  remove(runId: number): boolean {
    if (this.active.has(runId))
      throw new WorkbenchError('unsupported', `run #${runId} is being written; cancel it first`);
    return this.repo.remove(runId);
  }

  /** What a report is built from: items with their questions' subsets and documents. */
  reportInput(runId: number): ReportInput {
    const { summary, manifest } = this.get(runId);
    const questions: StoredQuestion[] =
      summary.datasetId === null ? [] : this.datasets.storedQuestions(summary.datasetId);
    const byId = new Map(questions.map((q) => [q.id, q]));
    const items: ReportItem[] = this.repo.items(runId).map((it) => {
      const q = it.questionId === null ? undefined : byId.get(it.questionId);
      return {
        ...it,
        question: q?.question ?? null,
        facets: q
          ? questionFacets(manifest.dataset.format, q)
          : { subset: 'removed from the dataset', answerType: null, evidenceSource: null },
        // The clustered bootstrap resamples documents: items on one filing are not independent.
        cluster: q
          ? q.documentId !== null
            ? `d${q.documentId}`
            : `e${q.documentExternalId}`
          : `q${it.externalId}`,
      };
    });
    const scope = manifest.subset?.questionCount ?? manifest.dataset.questionCount;
    const hash = summary.datasetId === null ? null : datasetContentHash(questions);
    const datasetChanged =
      hash !== null &&
      manifest.scorers
        .filter((s) => s.id !== IMPORTED_SCORER_ID)
        .some((s) => (s.gradedAgainst ?? manifest.dataset.contentHash) !== hash);
    return {
      run: summary,
      manifest,
      items,
      verdicts: this.repo.verdicts(runId),
      unanswered: Math.max(0, scope - items.length),
      datasetChanged,
    };
  }

  report(
    runId: number,
    options: { compareTo?: number; scorer?: string } = {},
  ): { report: RunReport; comparison: RunComparison | null } {
    const input = this.reportInput(runId);
    try {
      const report = buildReport(
        input,
        options.scorer !== undefined ? { scorer: options.scorer } : {},
      );
      const comparison =
        options.compareTo === undefined
          ? null
          : compareRuns(input, this.reportInput(options.compareTo), { scorer: report.scorer });
      return { report, comparison };
    } catch (e) {
      if (e instanceof RangeError) throw new WorkbenchError('invalid-input', e.message);
      throw e;
    }
  }

  /**
   * The workspace is closing: runs this process is writing are marked interrupted now, while
   * the database is open (their jobs are cancelled by the job runner right after).
   */
  close(): void {
    for (const id of this.active)
      this.repo.setStatus(
        id,
        'interrupted',
        'interrupted: the workspace was closed while it was written',
      );
    this.active.clear();
  }
}
