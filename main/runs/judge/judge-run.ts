import type { Database } from 'better-sqlite3';
import type { StoredQuestion } from '../../../shared/datasets';
import {
  summarizeJudge,
  type RunJudgeInput,
  type RunJudgeResult,
} from '../../../shared/runs/judge';
import { judgeMessages, type JudgeQuestion } from '../../../shared/runs/judge-prompt';
import { parseJudgeVerdict } from '../../../shared/runs/judge-verdict';
import type { ChatMessage } from '../../../shared/llm/provider';
import type { RunItem } from '../../../shared/runs/run';
import type { DatasetService } from '../../datasets/dataset-service';
import { runsRepo } from '../../db/runs-repo';
import type { JobRunner } from '../../jobs/job-runner';
import type { RunService } from '../run-service';
import type { JudgeChat } from './judge-call';
import { answerText, contentHash, judgeQuestion } from './judge-inputs';
import { askAndStore, runJudgeJob } from './judge-job';
import type { PoolProgress } from './judge-pool';
import { judgeRepo } from './judge-repo';
import { resolveRubric } from './rubric-of';

export interface JudgeDeps {
  db: Database;
  llm: JudgeChat;
  jobs: JobRunner;
  runs: RunService;
  datasets: DatasetService;
}

export type JudgeProgressListener = (p: PoolProgress) => void;

/** The run's dataset questions by stable id (none when the dataset was removed). */
export function questionsOf(
  deps: JudgeDeps,
  datasetId: number | null,
): Map<number, StoredQuestion> {
  return new Map(
    (datasetId === null ? [] : deps.datasets.storedQuestions(datasetId)).map((q) => [q.id, q]),
  );
}

/** An item as the judge would see it now: its question and gold, its answer, and their hash. */
export interface Judgeable {
  item: RunItem;
  question: JudgeQuestion;
  answer: string;
  hash: string;
}

/**
 * The run's items the judge can grade now (with an answer and a gold), and how many it cannot.
 * The hashes tell a judgement made against an older answer or gold (a re-answered item, an
 * accepted dispute) from a current one.
 */
export function judgeableItems(
  deps: JudgeDeps,
  runId: number,
): { judgeable: Judgeable[]; skipped: number } {
  const { summary } = deps.runs.get(runId);
  const questions = questionsOf(deps, summary.datasetId);
  const judgeable: Judgeable[] = [];
  let skipped = 0;
  for (const item of runsRepo(deps.db).items(runId)) {
    const q = item.questionId === null ? undefined : questions.get(item.questionId);
    const question = q ? judgeQuestion(q) : null;
    const answer = answerText(item);
    if (!question || answer === null) skipped++;
    else judgeable.push({ item, question, answer, hash: contentHash(question, answer) });
  }
  return { judgeable, skipped };
}

/**
 * Grades each item of a run with a judge model (a cancellable `run` job). Each judgement is
 * stored as its reply arrives; items already judged by the same model and rubric, with the same
 * answer and gold, are re-used rather than asked again, so a second pass after a crash or a
 * failed endpoint asks only what is missing.
 */
export async function judgeRun(
  deps: JudgeDeps,
  input: RunJudgeInput,
  onProgress?: JudgeProgressListener,
): Promise<RunJudgeResult> {
  const rubric = resolveRubric(input.rubricText);
  const repo = judgeRepo(deps.db);
  const have = repo.judgedHashes(input.runId, input.model, rubric.hash);
  const { judgeable: all, skipped } = judgeableItems(deps, input.runId);
  const judgeable = all.slice(0, input.limit);
  let reused = 0;
  const tasks: { item: RunItem; hash: string; messages: ChatMessage[] }[] = [];
  for (const j of judgeable) {
    if (have.get(j.item.itemId) === j.hash) reused++;
    else tasks.push({ ...j, messages: judgeMessages(rubric, j.question, j.answer) });
  }

  const setup = { llm: deps.llm, provider: input.provider, model: input.model, rubric };
  const counts = await runJudgeJob(
    deps.jobs,
    {
      label: `Judge run #${input.runId} with ${input.model} (${rubric.id})`,
      subject: `judge:run:${input.runId}`,
    },
    tasks,
    { concurrency: input.concurrency, label: (t) => t.item.externalId, onProgress },
    (t, signal) =>
      askAndStore(setup, t, signal, parseJudgeVerdict, (meta, parsed) =>
        repo.put({
          ...meta,
          runId: input.runId,
          itemId: t.item.itemId,
          verdict: parsed.status === 'judged' ? parsed.verdict : null,
          score: parsed.status === 'judged' ? parsed.score : null,
        }),
      ),
  );

  const mine = markStale(
    repo
      .ofRun(input.runId)
      .filter((j) => j.judgeModel === input.model && j.rubricHash === rubric.hash),
    all,
  );
  return {
    runId: input.runId,
    judgeModel: input.model,
    rubric: { id: rubric.id, hash: rubric.hash },
    wanted: judgeable.length,
    reused,
    skipped,
    ...counts,
    summary: summarizeJudge(
      { judgeModel: input.model, rubricId: rubric.id, rubricHash: rubric.hash },
      mine,
    ),
  };
}

/** Judgements whose item's answer or gold changed since (or that cannot be judged now) are stale. */
export function markStale<J extends { itemId: number; contentHash: string }>(
  rows: readonly J[],
  current: readonly Judgeable[],
): (J & { stale: boolean })[] {
  const now = new Map(current.map((j) => [j.item.itemId, j.hash]));
  return rows.map((r) => ({ ...r, stale: now.get(r.itemId) !== r.contentHash }));
}
