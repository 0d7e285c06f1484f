import {
  summarizeJudgements,
  type EloTable,
  type JudgeSummary,
  type RunJudgeInput,
  type RunJudgeResult,
  type RunPairwiseInput,
  type RunPairwiseResult,
  type StoredJudgement,
} from '../../../shared/runs/judge';
import type { RunComparison, RunReport } from '../../../shared/runs/report';
import { eloOf, judgePairs } from './judge-pairs';
import { judgeRepo } from './judge-repo';
import {
  judgeableItems,
  judgeRun,
  markStale,
  type JudgeDeps,
  type JudgeProgressListener,
} from './judge-run';

/**
 * The LLM judge of a workspace, built once in main/services.ts: the API handlers and the CLI
 * both go through it.
 */
export class JudgeService {
  constructor(private readonly deps: JudgeDeps) {}

  judge(input: RunJudgeInput, onProgress?: JudgeProgressListener): Promise<RunJudgeResult> {
    return judgeRun(this.deps, input, onProgress);
  }

  pairwise(
    input: RunPairwiseInput,
    onProgress?: JudgeProgressListener,
  ): Promise<RunPairwiseResult> {
    return judgePairs(this.deps, input, onProgress);
  }

  elo(runIds: readonly number[], judge: { judgeModel?: string; rubricId?: string } = {}): EloTable {
    return eloOf(this.deps, runIds, judge);
  }

  /** A run's stored judgements (one judge model's, or all), with prompt and raw reply. */
  judgements(runId: number, judgeModel?: string): StoredJudgement[] {
    this.deps.runs.get(runId); // not-found for an unknown run
    return judgeRepo(this.deps.db)
      .ofRun(runId)
      .filter((j) => judgeModel === undefined || j.judgeModel === judgeModel);
  }

  /** The report's `judges` block: one summary per judge model and rubric. */
  judges(runId: number): Record<string, JudgeSummary> {
    const rows = judgeRepo(this.deps.db).ofRun(runId);
    // Most runs were never judged: their reports skip reading the questions a second time.
    if (rows.length === 0) return {};
    return summarizeJudgements(markStale(rows, judgeableItems(this.deps, runId).judgeable));
  }

  /** A run's report with its judge block added beside (never into) the scorers' accuracy. */
  withJudges<T extends { report: RunReport; comparison: RunComparison | null }>(result: T): T {
    return { ...result, report: { ...result.report, judges: this.judges(result.report.runId) } };
  }
}
