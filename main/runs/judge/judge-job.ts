import type { ChatMessage } from '../../../shared/llm/provider';
import type { RunProviderRef } from '../../../shared/runs/run';
import type { Unread } from '../../../shared/runs/judge-verdict';
import type { JobRunner } from '../../jobs/job-runner';
import { askJudge, endpointLabel, type JudgeChat } from './judge-call';
import {
  noCalls,
  runJudgePool,
  type PoolCounts,
  type PoolProgress,
  type TaskResult,
} from './judge-pool';
import type { JudgementMeta } from './judge-repo';
import type { ResolvedRubric } from './rubric-of';
import { compact } from '../../../shared/util/compact';

/** Who judges, with what: the same for every judgement of a pass. */
export interface JudgeSetup {
  llm: JudgeChat;
  provider: RunProviderRef;
  model: string;
  rubric: ResolvedRubric;
}

/**
 * One judgement: asked, its reply parsed, stored with everything that decided it (the caller's
 * `store` adds what it is about). A failed call throws and stores nothing.
 */
export async function askAndStore<P extends { status: 'judged'; reason: string } | Unread>(
  setup: JudgeSetup,
  task: { messages: ChatMessage[]; hash: string },
  signal: AbortSignal,
  parse: (reply: string, refused: boolean) => P,
  store: (meta: JudgementMeta, parsed: P) => void,
): Promise<TaskResult> {
  const r = await askJudge(setup.llm, setup.provider, setup.model, task.messages, signal);
  const parsed = parse(r.reply, r.refused);
  store(
    {
      judgeModel: setup.model,
      endpoint: endpointLabel(setup.provider),
      rubricId: setup.rubric.id,
      rubricHash: setup.rubric.hash,
      contentHash: task.hash,
      prompt: task.messages,
      reply: r.reply,
      status: parsed.status,
      reason: parsed.status === 'judged' ? parsed.reason : parsed.problem,
      inputTokens: r.inputTokens,
      outputTokens: r.outputTokens,
      latencyMs: r.latencyMs,
    },
    parsed,
  );
  return { status: parsed.status, inputTokens: r.inputTokens, outputTokens: r.outputTokens };
}

/** A judging pass as a `run` job (progress in percent, cancellable); no job when nothing is to ask. */
export function runJudgeJob<T>(
  jobs: JobRunner,
  spec: { label: string; subject: string },
  tasks: readonly T[],
  options: {
    concurrency?: number | undefined;
    label: (t: T) => string;
    onProgress?: ((p: PoolProgress) => void) | undefined;
  },
  work: (task: T, signal: AbortSignal) => Promise<TaskResult>,
): Promise<PoolCounts> {
  if (tasks.length === 0) return Promise.resolve(noCalls());
  return jobs.run({ kind: 'run', ...spec }, (job) =>
    runJudgePool(
      tasks,
      {
        ...compact({ concurrency: options.concurrency }),
        signal: job.signal,
        label: options.label,
        onProgress: (p) => {
          job.progress(Math.round((100 * p.done) / p.total), 100, 'percent');
          options.onProgress?.(p);
        },
      },
      work,
    ),
  );
}
