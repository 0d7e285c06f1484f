import { WorkbenchError } from '../../shared/api/result';
import type { ChatMessage, GenerationParams } from '../../shared/llm/provider';
import type { ChatResult } from './chat-result';
import { attemptSignal } from './attempt-signal';
import { classify, type CallSite, type Classified } from './llm-errors';
import type { LlmProviders } from './llm-providers';
import { chatOnce, clientFor, type ChatOutcome, type Endpoint } from './openai-calls';
import { costUsd } from './price';
import { backoffMs, sleep } from './retry-policy';

export interface RetryInfo {
  /** 1 for the first retry. */
  attempt: number;
  /** How long we wait before it (Retry-After or backoff). */
  waitMs: number;
  /** "429", "500", "ECONNREFUSED", … */
  reason: string;
  /**
   * The attempt could not reach the endpoint (connection refused, reset, DNS, TLS): not an
   * answer from the server. A run's circuit breaker checks the endpoint on it.
   */
  transport?: boolean;
}

export const cancelledError = (baseUrl: string) =>
  new WorkbenchError('cancelled', `the request to ${baseUrl} was cancelled`);

/**
 * One call to an endpoint, with the one retry owner every kind of call goes through (chat,
 * embeddings, model lists, the Batch API's files and batches): each attempt gets a signal
 * joining the caller's cancel and the attempt's timeout; a cancel is never retried and ends a
 * backoff wait at once; waits are reported apart from latency.
 */
export class LlmCalls {
  constructor(
    private readonly providers: Pick<LlmProviders, 'settings'>,
    /** Backoff jitter source (tests fix it). */
    private readonly random?: () => number,
  ) {}

  site(ep: Endpoint, what: CallSite['what'], model?: string): CallSite {
    return {
      baseUrl: ep.baseUrl,
      what,
      model,
      apiKeyName: ep.apiKeyName,
      key: ep.key,
      timeoutMs: ep.timeoutMs,
    };
  }

  /** A chat completion with retries (none once text was streamed out): the caller's answer. */
  async chat(
    ep: Endpoint,
    model: string,
    messages: ChatMessage[],
    params: GenerationParams,
    signal: AbortSignal | undefined,
    onDelta: ((text: string) => void) | undefined,
    onRetry: ((info: RetryInfo) => void) | undefined,
  ): Promise<ChatResult> {
    const started = performance.now();
    const site = this.site(ep, 'chat', model);
    const client = () => clientFor(ep);
    let emitted = 0;
    const counted = onDelta
      ? (d: string) => {
          emitted += d.length;
          onDelta(d);
        }
      : undefined;
    const { value, waitedMs, retries } = await this.withRetries<ChatOutcome>(
      ep,
      site,
      signal,
      onRetry,
      (s) => chatOnce(client, site, model, messages, params, s, counted),
      // Text already shown cannot be taken back: no retry once a delta went out.
      () => emitted === 0,
    ).catch((e: unknown) => this.withModelList(ep, e));
    const latencyMs = Math.max(0, performance.now() - started - waitedMs);
    return this.resultOf(value, model, { latencyMs, waitedMs, retries });
  }

  /** An answer as callers see it: the outcome, its timings and its cost from the price table. */
  resultOf(
    value: ChatOutcome,
    model: string,
    timing: Pick<ChatResult, 'latencyMs' | 'waitedMs' | 'retries'>,
  ): ChatResult {
    return {
      text: value.text,
      usage: value.usage,
      usageEstimated: value.usageEstimated,
      refused: value.refusal,
      finishReason: value.finishReason,
      model: value.model,
      cached: false,
      ...timing,
      costUsd: costUsd(this.providers.settings().prices, model, value.usage),
    };
  }

  /** `GET /models`: the ids, sorted, once each; a page that is not JSON is no model list. */
  async listModels(ep: Endpoint, signal?: AbortSignal): Promise<string[]> {
    const site = this.site(ep, 'models');
    const client = clientFor(ep);
    const { value } = await this.withRetries(ep, site, signal, undefined, async (s) => {
      const { data: page, response } = await client.models.list({ signal: s }).withResponse();
      // A web page or another API at this URL answers 200 too; only a JSON list counts.
      if (!/json/i.test(response.headers.get('content-type') ?? '')) {
        throw new WorkbenchError(
          'llm-bad-response',
          `${ep.baseUrl}/models did not answer JSON; is the base URL an OpenAI-compatible endpoint (it usually ends in /v1)?`,
        );
      }
      const ids = (Array.isArray(page.data) ? page.data : [])
        .map((m) => m.id)
        .filter((id) => typeof id === 'string');
      return [...new Set(ids)].sort();
    });
    return value;
  }

  /** A model the server does not have: the message lists a few it does (best effort, 2 s). */
  async withModelList(ep: Endpoint, e: unknown): Promise<never> {
    if (!(e instanceof WorkbenchError) || e.code !== 'llm-model-not-found') throw e;
    const models = await this.listModels({ ...ep, maxRetries: 0, timeoutMs: 2_000 }).catch(
      () => null,
    );
    if (!models) throw e;
    throw new WorkbenchError(
      e.code,
      models.length
        ? `${e.message}; available there: ${listSome(models)}`
        : `${e.message}; ${ep.baseUrl} lists no models`,
    );
  }

  /**
   * The one retry owner. Each attempt gets a signal joining the caller's cancel and this attempt's
   * timeout; a cancel is never retried and ends a backoff wait at once. Waits are reported apart
   * from latency.
   */
  async withRetries<T>(
    ep: Endpoint,
    site: CallSite,
    signal: AbortSignal | undefined,
    onRetry: ((info: RetryInfo) => void) | undefined,
    attempt: (signal: AbortSignal) => Promise<T>,
    mayRetry: () => boolean = () => true,
  ): Promise<{ value: T; waitedMs: number; retries: number }> {
    let waitedMs = 0;
    for (let retry = 0; ; retry++) {
      if (signal?.aborted) throw cancelledError(ep.baseUrl);
      const joined = attemptSignal(signal, ep.timeoutMs);
      let c: Classified;
      try {
        return { value: await attempt(joined.signal), waitedMs, retries: retry };
      } catch (e) {
        if (signal?.aborted) throw cancelledError(ep.baseUrl);
        if (joined.timedOut()) {
          throw new WorkbenchError(
            'llm-timeout',
            `${ep.baseUrl} did not finish answering within ${formatSeconds(ep.timeoutMs)}; raise the provider's timeout on the Models screen or ask for less`,
          );
        }
        c =
          e instanceof WorkbenchError
            ? { error: e, retryable: false, reason: e.code }
            : classify(e, site);
      } finally {
        joined.dispose();
      }
      if (!c.retryable || retry >= ep.maxRetries || !mayRetry())
        throw finalError(c, retry, waitedMs);
      const waitMs = c.retryAfterMs ?? backoffMs(retry, this.random);
      onRetry?.({
        attempt: retry + 1,
        waitMs,
        reason: c.reason,
        ...(c.error.code === 'llm-unreachable' ? { transport: true } : {}),
      });
      try {
        await sleep(waitMs, signal);
      } catch {
        throw cancelledError(ep.baseUrl);
      }
      waitedMs += waitMs;
    }
  }
}

function finalError(c: Classified, retries: number, waitedMs: number): WorkbenchError {
  if (retries === 0) return c.error;
  const after = `after ${retries} ${retries === 1 ? 'retry' : 'retries'} over ${formatSeconds(waitedMs)}`;
  if (c.error.code === 'llm-rate-limited') {
    return new WorkbenchError(
      c.error.code,
      c.error.message.replace(
        ' is rate-limiting requests',
        ` is still rate-limiting requests ${after}`,
      ),
    );
  }
  return new WorkbenchError(c.error.code, `${c.error.message} (gave up ${after})`);
}

function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

/** The first few of a model list, for a message. */
export function listSome(models: string[]): string {
  return models.length > 5 ? `${models.slice(0, 5).join(', ')}, …` : models.join(', ');
}
