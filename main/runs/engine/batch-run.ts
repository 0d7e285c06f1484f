import type { Database } from 'better-sqlite3';
import type { StoredQuestion } from '../../../shared/datasets';
import type { RunBatchProgress } from '../../../shared/runs/run';
import type { AnswerCoreDeps } from '../../ask/answer-core';
import type { AskChat } from '../../ask/ask-chat';
import { runBatchesRepo, type RunBatchRow } from '../../db/run-batches-repo';
import { runsRepo } from '../../db/runs-repo';
import { Slots } from '../../jobs/slots';
import type { BatchInfo, BatchLineResult } from '../../llm/batch-calls';
import type { LlmBatches } from '../../llm/llm-batches';
import { sleep } from '../../llm/retry-policy';
import { answerItem, prepareItem, type ItemOutcome, type ItemSettings } from './answer-item';
import type { RunDocuments } from './run-documents';

/** Between two polls of a batch unless the run's pacing says otherwise. */
export const DEFAULT_BATCH_POLL_MS = 30_000;
/** Prompts built (retrieval) and answers finished (sandbox, grading) at once. */
const WORKERS = 8;
/** How long a cancel waits for the server to take the batch's cancel. */
const CANCEL_TIMEOUT_MS = 10_000;

const ENDED: ReadonlySet<BatchInfo['status']> = new Set([
  'completed',
  'failed',
  'expired',
  'cancelled',
]);

/** What a Batch API run needs of the model client (LlmService's batches). */
export type BatchLlm = Pick<
  LlmBatches,
  'input' | 'submit' | 'retrieve' | 'cancel' | 'results' | 'answer' | 'list' | 'inputIds'
>;

export interface BatchRunContext {
  runId: number;
  db: Database;
  llm: BatchLlm;
  /** The ask core; its model client asks a PoT repair round directly (paced as usual). */
  core: AnswerCoreDeps;
  docs: RunDocuments;
  settings: ItemSettings;
  /** Questions without a committed answer (failed ones included). */
  pending: readonly StoredQuestion[];
  pollMs: number;
  /** Aborted by a pause, a cancel or a fatal stop: submit nothing more, stop polling. */
  dispatch: AbortSignal;
  /** Aborted by a cancel: stop what is in flight too (nothing half-done is committed). */
  items: AbortSignal;
  /** Commits one item with its verdicts (the engine's one transaction per item). */
  commit(q: StoredQuestion, outcome: ItemOutcome): void;
  progress(batch: RunBatchProgress): void;
  /** The user cancelled the run (not a pause, not a closing workspace): cancel the batch too. */
  cancelRequested(): boolean;
}

/** How the batch part of the run ended; `failed` makes the run fail with that reason. */
export type BatchEnd =
  { kind: 'stopped' } | { kind: 'collected' } | { kind: 'failed'; reason: string };

const progressOf = (batchId: string, info: Pick<BatchInfo, 'status' | 'counts'>) => ({
  batchId,
  status: info.status,
  ...info.counts,
});

/**
 * A run through the OpenAI Batch API: the prompts of every pending question (built by the ask
 * core exactly as a direct run builds them) go up as one JSONL file with `custom_id` = our stable
 * question id, one batch is created and recorded with the run, then polled until it ends; each
 * answer is finished as a direct run finishes it (program, sandbox, grading by every scorer)
 * and committed. A recorded batch that is not collected yet is polled again instead of being
 * submitted again, so a restarted app or `eval --resume` after a kill -9 pays for it once.
 */
export async function runBatch(ctx: BatchRunContext): Promise<BatchEnd> {
  const repo = runBatchesRepo(ctx.db);
  const answered = new Set<number>();
  const tracked: BatchRunContext = {
    ...ctx,
    commit: (q, outcome) => {
      ctx.commit(q, outcome);
      if (!outcome.failed) answered.add(q.id);
    },
  };
  // A batch the user cancelled in an earlier session is collected (its answers were paid
  // for), then the rest goes up in a new batch: at most two rounds.
  const key = runKey(ctx);
  for (let round = 0; ; round++) {
    const pending = ctx.pending.filter((q) => !answered.has(q.id));
    let row = repo.open(ctx.runId) ?? (await adopt(ctx, key));
    if (!row) {
      const submitted = await submit({ ...tracked, pending }, key);
      if (!submitted) return { kind: 'stopped' };
      row = repo.open(ctx.runId);
      if (!row) return { kind: 'collected' }; // nothing could be asked: every item is committed
    }
    const info = await poll(tracked, row);
    if (!info) return { kind: 'stopped' };
    const where = `batch ${info.id} at ${baseUrlOf(ctx.settings)}`;
    if (info.status === 'failed') {
      repo.collected(ctx.runId, row.batchId);
      return {
        kind: 'failed',
        reason: `${where} failed validation${info.errors.length ? `: ${info.errors.slice(0, 3).join('; ')}` : ''}; fix the cause, then resume (a new batch is submitted)`,
      };
    }
    if (!(await collect({ ...tracked, pending }, row, info))) return { kind: 'stopped' };
    repo.collected(ctx.runId, row.batchId);
    const done = `with ${info.counts.completed} of ${info.counts.total} requests done; those are committed, resume asks the rest in a new batch`;
    if (info.status === 'expired')
      return { kind: 'failed', reason: `${where} expired (its 24 h window closed) ${done}` };
    if (info.status !== 'cancelled') return { kind: 'collected' };
    if (ctx.cancelRequested()) return { kind: 'stopped' };
    if (row.message !== USER_CANCEL || round > 0)
      return { kind: 'failed', reason: `${where} was cancelled on the server ${done}` };
  }
}

/** Stored with a batch the user cancelled (a resume then submits the rest anew). */
const USER_CANCEL = 'cancelled by the user';

function baseUrlOf(s: ItemSettings): string {
  const p = s.provider;
  return 'baseUrl' in p ? p.baseUrl : 'providerId' in p ? `provider #${p.providerId}` : 'the model';
}

/** The run as named in its batches' metadata (a run id alone repeats across workspaces). */
function runKey(ctx: BatchRunContext): string {
  return `${ctx.runId}@${runsRepo(ctx.db).summary(ctx.runId)?.createdAt ?? ''}`;
}

/**
 * A batch the server made for this run that was never recorded (the process died between the
 * server's answer and the insert): recorded now, from its metadata and its input file's
 * custom_ids, and polled instead of paid for twice. Best effort: a server that cannot list
 * batches gets a new one.
 */
async function adopt(ctx: BatchRunContext, key: string): Promise<RunBatchRow | undefined> {
  const repo = runBatchesRepo(ctx.db);
  const known = new Set(repo.all(ctx.runId).map((b) => b.batchId));
  try {
    const orphan = (await ctx.llm.list(ctx.settings.provider, ctx.items)).find(
      (b) => b.metadata.workbench_run === key && !known.has(b.id) && b.status !== 'failed',
    );
    if (!orphan) return undefined;
    const ids = await ctx.llm.inputIds(ctx.settings.provider, orphan.inputFileId, ctx.items);
    repo.add({
      runId: ctx.runId,
      batchId: orphan.id,
      inputFileId: orphan.inputFileId,
      status: orphan.status,
      questionIds: ids.map(Number).filter((n) => Number.isSafeInteger(n)),
      counts: orphan.counts,
    });
    return repo.open(ctx.runId);
  } catch (e) {
    if (ctx.items.aborted) throw e;
    return undefined;
  }
}

/** Builds the JSONL, uploads it, creates the batch and records it. False: stopped before. */
async function submit(ctx: BatchRunContext, key: string): Promise<boolean> {
  const { settings: s } = ctx;
  const requests: { customId: string; messages: ChatMessages; params: ItemSettings['params'] }[] =
    [];
  await pool(ctx.pending, ctx.dispatch, async (q) => {
    const prepared = await prepareItem(ctx.core, ctx.docs, s, q, ctx.items);
    if (ctx.items.aborted) return;
    // A question that cannot be asked (no document) is committed as failed now.
    if ('item' in prepared) return ctx.commit(q, prepared);
    requests.push({ customId: String(q.id), messages: prepared.messages, params: s.params });
  });
  if (ctx.dispatch.aborted) return false;
  if (requests.length === 0) return true;
  // The file lists questions in the run's order (workers finish in any order).
  const order = new Map(ctx.pending.map((q, i) => [String(q.id), i]));
  requests.sort((a, b) => order.get(a.customId)! - order.get(b.customId)!);
  const jsonl = await ctx.llm.input(s.provider, s.model, requests);
  const info = await ctx.llm.submit({
    provider: s.provider,
    jsonl,
    filename: `workbench-run-${ctx.runId}.jsonl`,
    metadata: { workbench_run: key },
    signal: ctx.items,
  });
  runBatchesRepo(ctx.db).add({
    runId: ctx.runId,
    batchId: info.id,
    inputFileId: info.inputFileId,
    status: info.status,
    questionIds: requests.map((r) => Number(r.customId)),
    counts: info.counts,
  });
  ctx.progress(progressOf(info.id, info));
  return true;
}

type ChatMessages = Parameters<BatchLlm['answer']>[2];

/** Polls until the batch ends (its last state), or undefined when the run stopped first. */
async function poll(ctx: BatchRunContext, row: RunBatchRow): Promise<BatchInfo | undefined> {
  const repo = runBatchesRepo(ctx.db);
  const provider = ctx.settings.provider;
  for (let first = true; ; first = false) {
    if (!first) await sleep(ctx.pollMs, ctx.dispatch).catch(() => undefined);
    if (ctx.dispatch.aborted) {
      if (ctx.cancelRequested()) await cancel(ctx, row);
      return undefined;
    }
    let info: BatchInfo;
    try {
      info = await ctx.llm.retrieve(provider, row.batchId, ctx.items);
    } catch (e) {
      if (!ctx.dispatch.aborted) throw e;
      continue; // stopped while asking: the next turn says how (and cancels the batch on a cancel)
    }
    repo.update(ctx.runId, row.batchId, {
      status: info.status,
      outputFileId: info.outputFileId,
      errorFileId: info.errorFileId,
      counts: info.counts,
      message: info.errors.length ? info.errors.join('; ') : row.message,
    });
    ctx.progress(progressOf(info.id, info));
    if (ENDED.has(info.status)) return info;
  }
}

/** The user's cancel reaches the server: the batch stops (and stops costing). */
async function cancel(ctx: BatchRunContext, row: RunBatchRow): Promise<void> {
  const info = await ctx.llm.cancel(
    ctx.settings.provider,
    row.batchId,
    AbortSignal.timeout(CANCEL_TIMEOUT_MS),
  );
  runBatchesRepo(ctx.db).update(ctx.runId, row.batchId, {
    status: info.status,
    outputFileId: info.outputFileId,
    errorFileId: info.errorFileId,
    counts: info.counts,
    message: USER_CANCEL,
  });
  ctx.progress(progressOf(info.id, info));
}

/**
 * Every answer of the ended batch finished and committed (questions answered before, by an
 * earlier collection that was interrupted, are skipped). False: cancelled midway.
 */
async function collect(ctx: BatchRunContext, row: RunBatchRow, info: BatchInfo): Promise<boolean> {
  const s = ctx.settings;
  const { byId } = await ctx.llm.results(s.provider, info, ctx.items);
  const inBatch = new Set(row.questionIds);
  const live = ctx.core.llm;
  await pool(
    ctx.pending.filter((q) => inBatch.has(q.id)),
    ctx.items,
    async (q) => {
      const line: BatchLineResult = byId.get(String(q.id)) ?? {
        kind: 'error',
        code: 'missing',
        message: `batch ${info.id} returned no result for this request`,
      };
      const outcome = await answerItem(
        { ...ctx.core, llm: servedFrom(ctx.llm, s, line, live) },
        ctx.docs,
        s,
        q,
        ctx.items,
        // The server's time is the batch's as a whole, not this answer's.
        'untimed',
      );
      if (!ctx.items.aborted) ctx.commit(q, outcome);
    },
  );
  return !ctx.items.aborted;
}

/**
 * The model client of one question's finishing: its first call is answered by the batch's line
 * (the very request the JSONL carried); a second call (a PoT repair round) is asked directly.
 */
function servedFrom(llm: BatchLlm, s: ItemSettings, line: BatchLineResult, live: AskChat): AskChat {
  let served = false;
  return {
    chat: (req) => {
      if (served) return live.chat(req);
      served = true;
      return llm.answer(s.provider, s.model, req.messages, line);
    },
    ...(live.embed ? { embed: live.embed.bind(live) } : {}),
  };
}

/**
 * Runs `work` over `items`, WORKERS at a time (the main process's one limiter), starting none
 * once `signal` is aborted. An error thrown while the run goes on stops further starts and is
 * thrown once those in flight have ended.
 */
function pool<T>(
  items: readonly T[],
  signal: AbortSignal,
  work: (item: T) => Promise<void>,
): Promise<void> {
  return new Slots(WORKERS).each(
    items,
    async (item) => {
      try {
        await work(item);
      } catch (e) {
        // Stopped while it ran: nothing of it is committed, the next session does it again.
        if (!signal.aborted) throw e;
      }
    },
    { signal },
  );
}
