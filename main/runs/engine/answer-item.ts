import { WorkbenchError } from '../../../shared/api/result';
import type { AskMode, PromptTemplate } from '../../../shared/ask/ask';
import type { StoredQuestion } from '../../../shared/datasets';
import type { Scorer } from '../../../shared/grading/verdict';
import type { ChatMessage, GenerationParams } from '../../../shared/llm/provider';
import type { DatasetFormat } from '../../../shared/document/dataset-format';
import type { RetrievalOptions } from '../../../shared/retrieval/hit';
import { RUN_TRACE_VERSION, type StoredExecution } from '../../../shared/runs/item-detail';
import type { RunItem, RunVerdict } from '../../../shared/runs/run';
import {
  answerQuestion,
  prepareAsk,
  type AnswerCore,
  type AnswerCoreDeps,
  type AnswerCoreInput,
} from '../../ask/answer-core';
import type { AskProviderRef } from '../../ask/ask-chat';
import { NoProgramError } from '../../ask/ask-progress';
import type { NewRunItem } from '../../db/runs-repo';
import {
  answerOfAsk,
  errorVerdict,
  gradeAnswer,
  type GradableAnswer,
} from '../../grading/grading-service';
import type { RunDocuments } from './run-documents';

/**
 * Errors after which asking the next question is pointless (every one would fail the same way):
 * the run stops, the items committed so far are kept, and resume continues once it is fixed.
 */
const FATAL_CODES: ReadonlySet<string> = new Set([
  'llm-model-not-found',
  'llm-unauthorized',
  'llm-offline',
  'not-found',
  'workspace-unavailable',
]);

/**
 * Errors that say the endpoint could not be reached at all (LlmService's connection failures:
 * refused, reset, DNS, TLS, connect timeout), as opposed to a model or server that answered
 * with an error (HTTP 4xx/5xx, whose retries LlmService owns).
 */
export const TRANSPORT_CODES: ReadonlySet<string> = new Set(['llm-unreachable']);

/** How every item of one run is asked. */
export interface ItemSettings {
  provider: AskProviderRef;
  model: string;
  mode: AskMode;
  template: PromptTemplate;
  params: GenerationParams;
  retrieval: RetrievalOptions;
  cache: boolean;
  format: DatasetFormat;
  scorers: readonly Scorer[];
}

export interface ItemOutcome {
  item: NewRunItem;
  /** The model call failed after LlmService's retries: committed as failed, resume retries it. */
  failed: boolean;
  /** Stop the run after this one (the model is gone, the key refused, …). */
  fatal: WorkbenchError | null;
  /** The model call gave up rate-limited (the AIMD limiter cuts on it too). */
  rateLimited: boolean;
  /**
   * The model could not be reached (a connection failure after LlmService's retries: refused,
   * DNS, TLS, reset), not a model error. The engine does not commit such an item: the question
   * stays pending and the circuit breaker counts it (docs/runs.md, "Pre-flight and pause").
   */
  transport: WorkbenchError | null;
  /** Why a failed item failed (null when answered). */
  error: WorkbenchError | null;
  cachedCalls: number;
  calls: number;
}

/**
 * What the engine's model client saw of one question's calls, beyond what the ask core counts
 * (both inside the core's model time, neither the model's): the wait at the run's
 * requests-per-minute gate, and the time of calls the response cache answered. `untimed`: the
 * calls' time is not the model's to know (a Batch API line).
 */
export type CallTiming = { gateMs: number; cachedMs: number } | 'untimed';

/** Every scorer of the run on one answer, through the grading service. */
const grade = (
  s: ItemSettings,
  question: StoredQuestion,
  answer: GradableAnswer,
): Omit<RunVerdict, 'itemId'>[] => gradeAnswer(s.format, question, answer, s.scorers);

function usageOf(core: Pick<AnswerCore, 'usage' | 'costUsd'>): NonNullable<RunItem['usage']> {
  return {
    inputTokens: core.usage.promptTokens,
    outputTokens: core.usage.completionTokens,
    ...(core.costUsd !== null ? { costUsd: core.costUsd } : {}),
  };
}

/**
 * What running the program gave, with the cells it read (the sandbox trace as `reads`), so the
 * report can show them without running the program again.
 */
function executionOf(core: AnswerCore): StoredExecution | null {
  if (!core.execution) return null;
  return {
    ok: core.execution.ok,
    ...(core.execution.value !== null ? { result: core.execution.value } : {}),
    ...(core.execution.error !== null ? { error: core.execution.error } : {}),
    trace: { version: RUN_TRACE_VERSION, reads: core.reads },
  };
}

/**
 * The model's own time on a question: backoff waits are booked apart (EXAMPLES: inspect_ai's
 * retries), and so are the rpm gate's waits and calls answered from the response cache. null
 * when no call was made live (every one a cache hit) or the time is not ours to know.
 */
function modelMsOf(core: AnswerCore, timing: CallTiming): number | null {
  if (timing === 'untimed') return null;
  if (core.calls > 0 && core.cachedCalls >= core.calls) return null;
  return Math.round(Math.max(0, core.modelMs - core.waitedMs - timing.gateMs - timing.cachedMs));
}

/** The item of an answered question: what grading reads, per mode, as the Ask panel grades. */
function answeredItem(
  s: ItemSettings,
  q: StoredQuestion,
  core: AnswerCore,
  timing: CallTiming,
): NewRunItem {
  const answer = answerOfAsk(core);
  return {
    questionId: q.id,
    externalId: q.externalId,
    output: core.output,
    ...answer,
    program: core.program,
    execution: executionOf(core),
    // Calls and cache hits: an answer from the cache is counted apart from model time.
    usage: { ...usageOf(core), calls: core.calls, cachedCalls: core.cachedCalls },
    latencyMs: modelMsOf(core, timing),
    error: null,
    verdicts: grade(s, q, answer),
  };
}

/** A question the model did not answer (after LlmService's retries): kept, graded `error`. */
function failedItem(s: ItemSettings, q: StoredQuestion, e: WorkbenchError): NewRunItem {
  const rule = `not answered: ${e.code}`;
  return {
    questionId: q.id,
    externalId: q.externalId,
    output: null,
    answer: null,
    answerKind: 'text',
    answerScale: null,
    program: null,
    execution: null,
    usage: null,
    latencyMs: null,
    error: `${e.code}: ${e.message}`,
    verdicts: s.scorers.map((sc) => errorVerdict(sc, rule)),
  };
}

const outcome = (
  item: NewRunItem,
  extra: Partial<Omit<ItemOutcome, 'item'>> = {},
): ItemOutcome => ({
  item,
  failed: false,
  fatal: null,
  rateLimited: false,
  transport: null,
  error: null,
  cachedCalls: 0,
  calls: 0,
  ...extra,
});

/**
 * What answering one question takes (its document opened), or, when it cannot be asked, the
 * failed outcome saying why. A missing document fails this question only: the others have theirs.
 */
async function questionInput(
  docs: RunDocuments,
  s: ItemSettings,
  q: StoredQuestion,
  signal: AbortSignal,
): Promise<AnswerCoreInput | ItemOutcome> {
  if (q.documentId === null) {
    const err = new WorkbenchError(
      'not-found',
      `question ${q.externalId}'s document (${q.documentExternalId}) is not in the library; import it, then resume`,
    );
    return outcome(failedItem(s, q, err), { failed: true, error: err });
  }
  let doc;
  try {
    doc = await docs.get(q.documentId);
  } catch (e) {
    if (signal.aborted) throw e;
    const err =
      e instanceof WorkbenchError
        ? e
        : new WorkbenchError('internal', `opening the document failed: ${(e as Error).message}`);
    return outcome(failedItem(s, q, err), { failed: true, error: err });
  }
  return {
    askId: `q${q.id}`,
    provider: s.provider,
    model: s.model,
    mode: s.mode,
    template: s.template,
    subject: {
      documentId: q.documentId,
      questionId: q.id,
      question: q.question,
      doc,
      gold: { question: q, format: s.format },
    },
    params: s.params,
    retrieval: s.retrieval,
    cache: s.cache,
  };
}

/** What answering threw, as the item to commit (a cancel rethrows: nothing to commit). */
function caught(s: ItemSettings, q: StoredQuestion, e: unknown, signal: AbortSignal): ItemOutcome {
  if (signal.aborted) throw e;
  if (e instanceof NoProgramError) {
    // The model answered, with no program: an answer graded as none, not a failed call.
    const answer: GradableAnswer = { answer: null, answerKind: 'executed', answerScale: null };
    return outcome({
      questionId: q.id,
      externalId: q.externalId,
      output: e.output,
      ...answer,
      program: null,
      execution: { ok: false, error: e.message },
      usage: null,
      latencyMs: null,
      error: null,
      verdicts: grade(s, q, answer),
    });
  }
  const err =
    e instanceof WorkbenchError
      ? e
      : new WorkbenchError('internal', `answering failed: ${(e as Error).message ?? String(e)}`);
  return outcome(failedItem(s, q, err), {
    failed: true,
    fatal: FATAL_CODES.has(err.code) ? err : null,
    rateLimited: err.code === 'llm-rate-limited',
    transport: TRANSPORT_CODES.has(err.code) ? err : null,
    error: err,
  });
}

/**
 * Asks one question through the ask pipeline's core (retrieval → prompt → model → program and
 * repair → answer) and grades the answer with every scorer of the run. Nothing is written here:
 * the engine commits the item. A cancel rejects (nothing to commit); any other failure becomes
 * a failed item naming its cause.
 */
export async function answerItem(
  core: AnswerCoreDeps,
  docs: RunDocuments,
  s: ItemSettings,
  q: StoredQuestion,
  signal: AbortSignal,
  timing: CallTiming = { gateMs: 0, cachedMs: 0 },
): Promise<ItemOutcome> {
  const input = await questionInput(docs, s, q, signal);
  if ('item' in input) return input;
  try {
    const answered = await answerQuestion(core, input, signal);
    return outcome(answeredItem(s, q, answered, timing), {
      cachedCalls: answered.cachedCalls,
      calls: answered.calls,
    });
  } catch (e) {
    return caught(s, q, e, signal);
  }
}

/**
 * The prompt one question would send (retrieval and template, as `answerItem` builds it; no
 * model call), for a Batch API run's JSONL; or, when it cannot be asked, its failed outcome.
 * The batch's answer is finished later by `answerItem` with a model client that serves it.
 */
export async function prepareItem(
  core: AnswerCoreDeps,
  docs: RunDocuments,
  s: ItemSettings,
  q: StoredQuestion,
  signal: AbortSignal,
): Promise<{ messages: ChatMessage[] } | ItemOutcome> {
  const input = await questionInput(docs, s, q, signal);
  if ('item' in input) return input;
  try {
    return { messages: (await prepareAsk(core, input, signal)).messages };
  } catch (e) {
    return caught(s, q, e, signal);
  }
}
