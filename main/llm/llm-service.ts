import type { Database } from 'better-sqlite3';
import { openaiSdk } from './openai-sdk';
import type { OpenAI } from 'openai';
import { WorkbenchError } from '../../shared/api/result';
import {
  LlmSettings,
  ProviderConfig,
  modelFilePath,
  presetBaseUrls,
  type ChatMessage,
  type ConnectionTest,
  type DetectedServer,
  type GenerationParams,
  type LlmSettings as LlmSettingsT,
  type ProviderConfig as ProviderConfigT,
  type ProviderPreset,
  type ProviderView,
  type Usage,
} from '../../shared/llm/provider';
import { llmRepo } from '../db/llm-repo';
import type { SecretStore } from '../secrets/secret-store';
import { chatCacheKey } from './cache-key';
import { CacheWrites } from './cache-writes';
import { isLoopbackUrl, normalizeBaseUrl } from './endpoint';
import { classify, type CallSite, type Classified } from './llm-errors';
import {
  cancelBatch,
  createBatch,
  customIdsOf,
  fileText,
  listBatches,
  readResultLines,
  retrieveBatch,
  uploadBatchInput,
  type BatchInfo,
  type BatchLineResult,
} from './batch-calls';
import {
  chatOnce,
  clientFor,
  completionOutcome,
  embedOnce,
  requestBody,
  type ChatOutcome,
  type Endpoint,
} from './openai-calls';
import {
  embeddedChat,
  embeddedListing,
  embeddedTest,
  checkedModelFile,
} from './embedded/embedded-provider';
import { costUsd } from './price';
import { attemptSignal } from './attempt-signal';
import { backoffMs, sleep } from './retry-policy';

export type ProviderRef =
  | { providerId: number }
  /** A `file:` URL (modelFileUrl) is a GGUF file run in-process: an embedded model. */
  | { baseUrl: string; apiKeyName?: string | null; timeoutMs?: number; maxRetries?: number };

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

export interface ChatRequest {
  provider: ProviderRef;
  model: string;
  messages: ChatMessage[];
  /** Over the provider's defaults. */
  params?: GenerationParams;
  signal?: AbortSignal;
  /** Given: the answer streams and each piece of text arrives here in order. */
  onDelta?: (text: string) => void;
  onRetry?: (info: RetryInfo) => void;
  /** Self-consistency sample number: different samples are different cache entries. */
  sampleIndex?: number;
  /** Default true: identical requests answer from the cache (and share one call in flight). */
  cache?: boolean;
  /** Stop strings. Embedded models apply them; endpoints are not sent them yet. */
  stop?: string[];
  /** Constrain the answer to JSON (embedded models: a llama.cpp grammar; endpoints: ignored). */
  json?: boolean;
}

export interface ChatResult {
  text: string;
  usage: Usage;
  finishReason: string | null;
  model: string;
  cached: boolean;
  /** Time spent in model calls, backoff waits excluded (0 for a cache hit). */
  latencyMs: number;
  /** Time spent waiting between retries (Retry-After or backoff). */
  waitedMs: number;
  retries: number;
  /** From the price table; 0 for a cache hit (nothing was spent), null without a price. */
  costUsd: number | null;
  /** The server reported no usage: tokens estimated as characters / 4 (absent = false). */
  usageEstimated?: boolean;
  /** The model refused or its output was filtered (never cached; absent = false). */
  refused?: boolean;
  /** Embedded models: loading (when this call loaded it), first token, generation speed. */
  timing?: { loadMs: number; firstTokenMs: number; tokensPerSecond: number };
}

/** What `LlmService.probe` found: the endpoint answers (or is busy, which a run goes past). */
export interface EndpointProbe {
  /** The base URL (or the model file) checked. */
  endpoint: string;
  /** What answered: the model list, a one-token chat, or the model file's header. */
  via: 'models' | 'chat' | 'file';
  latencyMs: number;
  /** The server answered 429 or 5xx: reachable, but busy (the sentence of that error). */
  busy: string | null;
}

export interface EmbedRequest {
  provider: ProviderRef;
  model: string;
  input: string[];
  signal?: AbortSignal;
}

export interface LlmServiceOptions {
  /** Where autodetect looks (tests point it at test servers); default: the loopback presets. */
  detectTargets?: { preset: ProviderPreset; baseUrl: string }[];
  /** Backoff jitter source (tests fix it). */
  random?: () => number;
}

/** What we keep of a successful answer in llm_cache. */
interface CachedAnswer {
  text: string;
  usage: Usage;
  usageEstimated?: boolean;
  finishReason: string | null;
  model: string;
}

/** Identical requests in flight share one call; it is aborted only when every caller left. */
interface Flight {
  key: string;
  promise: Promise<ChatResult>;
  controller: AbortController;
  callers: number;
  /** The call ended (answered or failed): nothing left to abort. */
  settled: boolean;
  textSoFar: string;
  streaming: boolean;
  deltaListeners: Set<(text: string) => void>;
  retryListeners: Set<(info: RetryInfo) => void>;
}

const DEFAULT_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_RETRIES = 3;
const EMBED_BATCH = 128;
const TEST_TIMEOUT_MS = 10_000;
/** The pre-flight's model list: a server that takes longer to list its models is not well. */
const PROBE_LIST_TIMEOUT_MS = 10_000;
/** The circuit breaker's reach check (questions are failing to connect meanwhile). */
const PROBE_REACH_TIMEOUT_MS = 5_000;
const DETECT_TIMEOUT_MS = 500;

const cancelledError = (baseUrl: string) =>
  new WorkbenchError('cancelled', `the request to ${baseUrl} was cancelled`);

/**
 * Model providers (issue 12): OpenAI-compatible endpoints through the `openai` client, with our
 * own retry scheduler, timeouts joined with cancel, the offline switch, costs from the price
 * table and a response cache in SQLite. API keys are read from the secret store by name for each
 * call and go nowhere else: not the DB, not the cache key, not an error message.
 */
export class LlmService {
  private readonly repo;
  private readonly inflight = new Map<string, Flight>();
  /** Names in the secret store as of the last refreshSecrets(), for ProviderView.hasKey. */
  private secretNames = new Set<string>();
  /** Answers to store in the response cache, committed once per event-loop turn. */
  private readonly cacheWrites: CacheWrites<CachedAnswer>;
  /**
   * The settings as last read, with the database's data_version then: every call reads the
   * offline switch and the price table, and reading them from SQLite (JSON and zod) was a
   * measurable part of a run's question. Another process's commit changes data_version; this
   * process's own change goes through `setSettings`, which drops the copy.
   */
  private settingsRead: { version: number; settings: LlmSettingsT } | undefined;

  constructor(
    db: Database,
    private readonly secrets: SecretStore,
    private readonly options: LlmServiceOptions = {},
  ) {
    this.repo = llmRepo(db);
    this.cacheWrites = new CacheWrites<CachedAnswer>(db, (key, answer) =>
      this.repo.cachePut(key, answer),
    );
  }

  /** Commits the response cache's pending answers (the workspace is about to close). */
  flush(): void {
    this.cacheWrites.flush();
  }

  // ---- chat ---------------------------------------------------------------------------------

  async chat(req: ChatRequest): Promise<ChatResult> {
    if (req.signal?.aborted) throw cancelledError(this.describeRef(req.provider));
    const file = this.modelFile(req.provider);
    if (file) {
      // In-process: nothing to retry, and an answer costs no more than computing it again.
      const stored =
        'providerId' in req.provider ? this.repo.provider(req.provider.providerId) : undefined;
      const params = { ...stored?.config.params, ...stripUndefined(req.params ?? {}) };
      const timeoutMs =
        stored?.config.timeoutMs ??
        ('timeoutMs' in req.provider ? req.provider.timeoutMs : undefined);
      const result = await embeddedChat(file, req, params, timeoutMs ?? DEFAULT_TIMEOUT_MS);
      return { ...result, costUsd: costUsd(this.settings().prices, result.model, result.usage) };
    }
    const ep = await this.resolve(req.provider);
    if (!req.model.trim()) {
      throw new WorkbenchError(
        'invalid-input',
        `no model named for ${ep.baseUrl}; pick one on the Models screen`,
      );
    }
    const params: GenerationParams = { ...ep.params, ...stripUndefined(req.params ?? {}) };
    const sampleIndex = req.sampleIndex ?? 0;
    if (req.cache === false) {
      return this.run(ep, req.model, req.messages, params, req.signal, req.onDelta, req.onRetry);
    }
    const key = chatCacheKey({
      baseUrl: ep.baseUrl,
      model: req.model,
      params,
      messages: req.messages,
      sampleIndex,
    });
    const hit = this.cacheWrites.get(key) ?? (this.repo.cacheGet(key) as CachedAnswer | undefined);
    if (hit) {
      req.onDelta?.(hit.text);
      return {
        ...hit,
        usageEstimated: hit.usageEstimated ?? false,
        refused: false,
        cached: true,
        latencyMs: 0,
        waitedMs: 0,
        retries: 0,
        costUsd: 0,
      };
    }
    return this.joinFlight(key, ep, req, params);
  }

  private joinFlight(
    key: string,
    ep: Endpoint,
    req: ChatRequest,
    params: GenerationParams,
  ): Promise<ChatResult> {
    let flight = this.inflight.get(key);
    if (!flight) {
      const controller = new AbortController();
      const f: Flight = {
        key,
        controller,
        callers: 0,
        settled: false,
        textSoFar: '',
        streaming: false,
        deltaListeners: new Set(),
        retryListeners: new Set(),
        promise: Promise.resolve(undefined as never),
      };
      // Streams when its first caller streams; later streaming callers get the text so far
      // first, then each delta (or, joining a call that does not stream, the whole text at the end).
      const streaming = req.onDelta !== undefined;
      f.streaming = streaming;
      f.promise = this.run(
        ep,
        req.model,
        req.messages,
        params,
        controller.signal,
        streaming
          ? (d) => {
              f.textSoFar += d;
              for (const l of f.deltaListeners) l(d);
            }
          : undefined,
        (info) => f.retryListeners.forEach((l) => l(info)),
      )
        .then((result) => {
          if (cacheable(result)) {
            const answer: CachedAnswer = {
              text: result.text,
              usage: result.usage,
              usageEstimated: result.usageEstimated,
              finishReason: result.finishReason,
              model: result.model,
            };
            this.cacheWrites.put(key, answer);
          }
          return result;
        })
        .finally(() => {
          f.settled = true;
          this.leave(f);
        });
      f.promise.catch(() => undefined); // each caller sees the rejection through its own await
      this.inflight.set(key, f);
      flight = f;
    }
    return this.awaitFlight(flight, ep, req);
  }

  private async awaitFlight(flight: Flight, ep: Endpoint, req: ChatRequest): Promise<ChatResult> {
    flight.callers++;
    const onDelta = req.onDelta;
    if (onDelta && flight.textSoFar) onDelta(flight.textSoFar);
    if (onDelta) flight.deltaListeners.add(onDelta);
    if (req.onRetry) flight.retryListeners.add(req.onRetry);
    let onAbort: (() => void) | undefined;
    try {
      const aborted = new Promise<never>((_, reject) => {
        if (!req.signal) return;
        onAbort = () => reject(cancelledError(ep.baseUrl));
        if (req.signal.aborted) onAbort();
        else req.signal.addEventListener('abort', onAbort, { once: true });
      });
      aborted.catch(() => undefined);
      const result = await Promise.race([flight.promise, aborted]);
      if (onDelta && !flight.streaming) onDelta(result.text);
      return result;
    } finally {
      flight.callers--;
      if (onDelta) flight.deltaListeners.delete(onDelta);
      if (req.onRetry) flight.retryListeners.delete(req.onRetry);
      if (onAbort) req.signal?.removeEventListener('abort', onAbort);
      if (flight.callers === 0 && !flight.settled) {
        // Nobody waits for it any more: stop it, and let the next identical request start anew
        // instead of joining a call that is being torn down. (A call that ended is not aborted:
        // that dispatched an abort through every signal joined to it and built an Error, per
        // call, for nothing.)
        flight.controller.abort(new Error('every caller left'));
        this.leave(flight);
      }
    }
  }

  private leave(flight: Flight): void {
    if (this.inflight.get(flight.key) === flight) this.inflight.delete(flight.key);
  }

  private async run(
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
    const client = clientFor(ep);
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
  private resultOf(
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
      costUsd: costUsd(this.settings().prices, model, value.usage),
    };
  }

  // ---- the Batch API -------------------------------------------------------------------------

  /**
   * A batch's input JSONL: one line per request, `custom_id` the caller's id and `body` the chat
   * request exactly as `chat` sends it (the provider's parameters under the request's).
   */
  async batchInput(
    provider: ProviderRef,
    model: string,
    requests: { customId: string; messages: ChatMessage[]; params?: GenerationParams }[],
  ): Promise<string> {
    const ep = await this.resolve(provider);
    return requests
      .map((r) => {
        const params: GenerationParams = { ...ep.params, ...stripUndefined(r.params ?? {}) };
        const body = requestBody(model, r.messages, params, ep.baseUrl);
        return `${JSON.stringify({ custom_id: r.customId, method: 'POST', url: '/v1/chat/completions', body })}\n`;
      })
      .join('');
  }

  /** Uploads the JSONL (purpose "batch") and creates a chat-completions batch over it. */
  async batchSubmit(req: {
    provider: ProviderRef;
    jsonl: string;
    filename: string;
    metadata: Record<string, string>;
    signal?: AbortSignal;
  }): Promise<BatchInfo> {
    const ep = await this.resolve(req.provider);
    const client = clientFor(ep);
    const files = this.site(ep, 'files');
    const { value: fileId } = await this.withRetries(ep, files, req.signal, undefined, (s) =>
      uploadBatchInput(client, req.jsonl, req.filename, s),
    );
    const site = this.site(ep, 'batches');
    const { value } = await this.withRetries(ep, site, req.signal, undefined, (s) =>
      createBatch(client, site, fileId, req.metadata, s),
    );
    return value;
  }

  async batchRetrieve(provider: ProviderRef, id: string, signal?: AbortSignal): Promise<BatchInfo> {
    return this.batchCall(provider, signal, (client, site, s) =>
      retrieveBatch(client, site, id, s),
    );
  }

  /** The newest batches at the endpoint (first page), with their metadata. */
  async batchList(provider: ProviderRef, signal?: AbortSignal): Promise<BatchInfo[]> {
    return this.batchCall(provider, signal, (client, site, s) => listBatches(client, site, s));
  }

  /** The custom_ids a batch's input file carries. */
  async batchInputIds(
    provider: ProviderRef,
    fileId: string,
    signal?: AbortSignal,
  ): Promise<string[]> {
    const ep = await this.resolve(provider);
    const client = clientFor(ep);
    const { value } = await this.withRetries(ep, this.site(ep, 'files'), signal, undefined, (s) =>
      fileText(client, fileId, s),
    );
    return customIdsOf(value);
  }

  async batchCancel(provider: ProviderRef, id: string, signal?: AbortSignal): Promise<BatchInfo> {
    return this.batchCall(provider, signal, (client, site, s) => cancelBatch(client, site, id, s));
  }

  /** The ended batch's output and error files, read into one line per custom_id. */
  async batchResults(
    provider: ProviderRef,
    batch: BatchInfo,
    signal?: AbortSignal,
  ): Promise<{ byId: Map<string, BatchLineResult>; unreadable: number }> {
    const ep = await this.resolve(provider);
    const client = clientFor(ep);
    const site = this.site(ep, 'files');
    const texts: string[] = [];
    for (const id of [batch.outputFileId, batch.errorFileId]) {
      if (id === null) continue;
      const { value } = await this.withRetries(ep, site, signal, undefined, (s) =>
        fileText(client, id, s),
      );
      texts.push(value);
    }
    return readResultLines(texts, this.site(ep, 'batches'));
  }

  /**
   * One batch line as `chat` would have answered the same request: the completion with usage and
   * cost, or the error `chat` would have thrown for that status (same codes and sentences).
   */
  async batchAnswer(
    provider: ProviderRef,
    model: string,
    messages: ChatMessage[],
    line: BatchLineResult,
  ): Promise<ChatResult> {
    const ep = await this.resolve(provider);
    const site = this.site(ep, 'chat', model);
    if (line.kind === 'error') throw batchLineError(ep.baseUrl, line);
    if (line.status < 200 || line.status > 299)
      throw classify(
        openaiSdk().APIError.generate(line.status, line.body as object, undefined, new Headers()),
        site,
      ).error;
    const value = completionOutcome(line.body as OpenAI.ChatCompletion, site, model, messages);
    // The server's time is not ours to know per line: the batch as a whole took it.
    return this.resultOf(value, model, { latencyMs: 0, waitedMs: 0, retries: 0 });
  }

  private async batchCall<T>(
    provider: ProviderRef,
    signal: AbortSignal | undefined,
    call: (client: ReturnType<typeof clientFor>, site: CallSite, s: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const ep = await this.resolve(provider);
    const client = clientFor(ep);
    const site = this.site(ep, 'batches');
    const { value } = await this.withRetries(ep, site, signal, undefined, (s) =>
      call(client, site, s),
    );
    return value;
  }

  // ---- embeddings and model lists -----------------------------------------------------------

  async embed(req: EmbedRequest): Promise<number[][]> {
    if (req.signal?.aborted) throw cancelledError(this.describeRef(req.provider));
    const ep = await this.resolve(req.provider);
    if (req.input.length === 0) return [];
    const site = this.site(ep, 'embeddings', req.model);
    const client = clientFor(ep);
    const out: number[][] = [];
    for (let i = 0; i < req.input.length; i += EMBED_BATCH) {
      const batch = req.input.slice(i, i + EMBED_BATCH);
      const { value } = await this.withRetries(ep, site, req.signal, undefined, (s) =>
        embedOnce(client, site, req.model, batch, s),
      ).catch((e: unknown) => this.withModelList(ep, e));
      out.push(...value);
    }
    return out;
  }

  async models(provider: ProviderRef, signal?: AbortSignal): Promise<string[]> {
    const file = this.modelFile(provider);
    // Listing never loads a model: the file is checked (stat, GGUF header) and named.
    if (file) return embeddedListing(file);
    const ep = await this.resolve(provider);
    return this.listModels(ep, signal);
  }

  private async listModels(ep: Endpoint, signal?: AbortSignal): Promise<string[]> {
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

  /**
   * Whether a run can reach `model` at `provider` now (the run engine's pre-flight and its
   * circuit breaker, docs/runs.md). One request in the usual case: `GET /models`, which every
   * OpenAI-compatible server we support answers without spending tokens or loading a model, and
   * which fails exactly as a chat would on a dead port (connection refused), a bad host (DNS), a
   * bad certificate (TLS) and, on servers that guard it, a refused key (401). Model lists are not
   * authoritative (llama.cpp serves any name, Ollama answers `llama3` for `llama3:latest`, some
   * gateways have no `/models` at all), so when the list does not name the model, or there is no
   * usable list, a one-token chat (cache off) asks the server itself: a 404 `model_not_found`
   * fails, anything the server answers passes. An embedded model's file is checked (its header),
   * never loaded: the run's first question loads it.
   *
   * No retries: a dead endpoint fails in milliseconds. A server that answers but is busy (429,
   * 5xx) passes (`busy` says so): the run's own retries and pacing deal with that. Throws the
   * call's WorkbenchError (its code: `llm-unreachable`, `llm-timeout`, `llm-unauthorized`,
   * `llm-model-not-found`, `llm-offline`, `llm-bad-response`, `invalid-input`, `not-found`,
   * `cancelled`) with a message naming the endpoint and what went wrong.
   *
   * `reachOnly` (the circuit breaker's check while questions fail to connect): only the model
   * list, at most `PROBE_REACH_TIMEOUT_MS`; any HTTP answer counts as reachable.
   */
  async probe(
    provider: ProviderRef,
    model: string,
    options: { signal?: AbortSignal; reachOnly?: boolean } = {},
  ): Promise<EndpointProbe> {
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    const file = this.modelFile(provider);
    if (file) {
      await embeddedListing(file);
      return { endpoint: file, via: 'file', latencyMs: took(), busy: null };
    }
    const ep = await this.resolve(provider);
    const quick: Endpoint = {
      ...ep,
      maxRetries: 0,
      timeoutMs: Math.min(
        ep.timeoutMs,
        options.reachOnly ? PROBE_REACH_TIMEOUT_MS : PROBE_LIST_TIMEOUT_MS,
      ),
    };
    const busy = (e: unknown): string | null =>
      e instanceof WorkbenchError &&
      (e.code === 'llm-rate-limited' || e.code === 'llm-server-error')
        ? e.message
        : null;
    let listFailed: WorkbenchError | null = null;
    try {
      const models = await this.listModels(quick, options.signal);
      if (options.reachOnly || models.length === 0 || models.includes(model))
        return { endpoint: ep.baseUrl, via: 'models', latencyMs: took(), busy: null };
    } catch (e) {
      if (!(e instanceof WorkbenchError)) throw e;
      const why = busy(e);
      if (why !== null)
        return { endpoint: ep.baseUrl, via: 'models', latencyMs: took(), busy: why };
      // Reached, but no usable list: the reach check is done; a pre-flight asks the chat path.
      if (e.code !== 'llm-bad-response') throw e;
      if (options.reachOnly)
        return { endpoint: ep.baseUrl, via: 'models', latencyMs: took(), busy: null };
      listFailed = e;
    }
    try {
      // The provider's own timeout: a local server may load the model for this first request.
      await this.run(
        { ...ep, maxRetries: 0 },
        model,
        [{ role: 'user', content: 'Reply with one word: ready' }],
        { ...ep.params, maxTokens: 1, temperature: 0 },
        options.signal,
        undefined,
        undefined,
      ).catch((e: unknown) => this.withModelList(ep, e));
    } catch (e) {
      if (!(e instanceof WorkbenchError)) throw e;
      const why = busy(e);
      if (why !== null) return { endpoint: ep.baseUrl, via: 'chat', latencyMs: took(), busy: why };
      // A chat path that refuses the request itself (400: a parameter it does not take, a
      // context it finds too long) is still a server that knows the model; only an endpoint
      // that is not there (404 path, not JSON) after a failed list too is refused.
      const passes =
        e.code === 'llm-context-length' || (e.code === 'llm-bad-response' && listFailed === null);
      if (!passes) throw e;
    }
    return { endpoint: ep.baseUrl, via: 'chat', latencyMs: took(), busy: null };
  }

  /** "Test connection": lists the models; never throws for a failure, says what it was. */
  async test(providerId: number, signal?: AbortSignal): Promise<ConnectionTest> {
    const started = performance.now();
    const stored = this.repo.provider(providerId);
    if (!stored) {
      return {
        ok: false,
        message: `no model provider with id ${providerId}; add one on the Models screen`,
        code: 'not-found',
        models: [],
        latencyMs: 0,
      };
    }
    const file = this.modelFile({ providerId });
    if (file) return embeddedTest(file, signal);
    try {
      const ep = await this.resolve({ providerId });
      const models = await this.listModels({
        ...ep,
        maxRetries: 0,
        timeoutMs: Math.min(ep.timeoutMs, TEST_TIMEOUT_MS),
      });
      const latencyMs = Math.round(performance.now() - started);
      const wanted = stored.config.defaultModel;
      if (wanted && models.length > 0 && !models.includes(wanted)) {
        return {
          ok: false,
          message: `${ep.baseUrl} answers, but its ${models.length} models do not include '${wanted}' (${listSome(models)}); pick one of them`,
          code: 'llm-model-not-found',
          models,
          latencyMs,
        };
      }
      return {
        ok: true,
        message: `${models.length} model${models.length === 1 ? '' : 's'} at ${ep.baseUrl}`,
        code: null,
        models,
        latencyMs,
      };
    } catch (e) {
      if (!(e instanceof WorkbenchError)) throw e;
      return {
        ok: false,
        message: e.message,
        code: e.code,
        models: [],
        latencyMs: Math.round(performance.now() - started),
      };
    }
  }

  /** Local servers answering GET /v1/models on the presets' loopback ports, asked in parallel. */
  async autodetect(): Promise<DetectedServer[]> {
    const targets =
      this.options.detectTargets ??
      Object.entries(presetBaseUrls)
        .filter((e): e is [ProviderPreset, string] => e[1] !== null && isLoopbackUrl(e[1]))
        .map(([preset, baseUrl]) => ({ preset, baseUrl }));
    const found = await Promise.all(
      targets.map(async ({ preset, baseUrl }): Promise<DetectedServer | null> => {
        try {
          const res = await fetch(`${normalizeBaseUrl(baseUrl)}/models`, {
            signal: AbortSignal.timeout(DETECT_TIMEOUT_MS),
          });
          if (!res.ok) return null;
          const body = (await res.json()) as { data?: { id?: unknown }[] };
          if (!Array.isArray(body.data)) return null;
          const models = body.data
            .map((m) => m.id)
            .filter((id): id is string => typeof id === 'string');
          return { preset, baseUrl: normalizeBaseUrl(baseUrl), models };
        } catch {
          return null; // nothing there, or not an OpenAI-compatible server
        }
      }),
    );
    return found.filter((s): s is DetectedServer => s !== null);
  }

  // ---- providers and settings ---------------------------------------------------------------

  /** Re-reads which secrets exist, for `hasKey` (the secret store is a file; this is async). */
  async refreshSecrets(): Promise<void> {
    this.secretNames = new Set(await this.secrets.list());
  }

  providers(): ProviderView[] {
    return this.repo.providers().map((p) => this.view(p.id, p.config));
  }

  saveProvider(id: number | undefined, config: ProviderConfigT): ProviderView {
    const parsed = ProviderConfig.safeParse(config);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      throw new WorkbenchError(
        'invalid-input',
        `provider ${first?.path.join('.') ?? ''}: ${first?.message ?? 'invalid'}`,
      );
    }
    const clean = {
      ...parsed.data,
      baseUrl:
        parsed.data.preset === 'embedded'
          ? checkedModelFile(parsed.data.baseUrl)
          : checkedBaseUrl(parsed.data.baseUrl),
    };
    const saved = this.repo.saveProvider(id, clean);
    if (saved === undefined)
      throw new WorkbenchError('not-found', `no model provider with id ${id}`);
    return this.view(saved, clean);
  }

  removeProvider(id: number): boolean {
    return this.repo.removeProvider(id);
  }

  settings(): LlmSettingsT {
    const version = this.repo.dataVersion();
    if (this.settingsRead?.version !== version)
      this.settingsRead = { version, settings: this.repo.settings() };
    return this.settingsRead.settings;
  }

  setSettings(patch: Partial<LlmSettingsT>): LlmSettingsT {
    const merged = LlmSettings.safeParse({ ...this.repo.settings(), ...stripUndefined(patch) });
    if (!merged.success) {
      const first = merged.error.issues[0];
      throw new WorkbenchError(
        'invalid-input',
        `settings ${first?.path.join('.') ?? ''}: ${first?.message ?? 'invalid'}`,
      );
    }
    // One price per model: the last one given wins.
    const prices = [...new Map(merged.data.prices.map((p) => [p.model, p])).values()];
    const next = { offline: merged.data.offline, prices };
    this.repo.putSettings(next);
    this.settingsRead = undefined;
    return next;
  }

  // ---- internals ----------------------------------------------------------------------------

  /** The GGUF file a reference names: a `file:` URL, or a stored provider of preset `embedded`. */
  private modelFile(ref: ProviderRef): string | null {
    if ('baseUrl' in ref) return modelFilePath(ref.baseUrl);
    const stored = this.repo.provider(ref.providerId);
    return stored?.config.preset === 'embedded' ? modelFilePath(stored.config.baseUrl) : null;
  }

  private view(id: number, config: ProviderConfigT): ProviderView {
    return {
      ...config,
      id,
      hasKey: config.apiKeyName !== null && this.secretNames.has(config.apiKeyName),
      loopback: isLoopbackUrl(config.baseUrl),
    };
  }

  private describeRef(ref: ProviderRef): string {
    if ('baseUrl' in ref) return normalizeBaseUrl(ref.baseUrl);
    return this.repo.provider(ref.providerId)?.config.baseUrl ?? `provider ${ref.providerId}`;
  }

  /**
   * The endpoint for a call: offline refusal comes first, before any network I/O; the key is
   * read from the secret store now, so a key changed on the Models screen applies at once.
   */
  private async resolve(ref: ProviderRef): Promise<Endpoint> {
    let ep: Endpoint;
    if ('providerId' in ref) {
      const stored = this.repo.provider(ref.providerId);
      if (!stored) {
        throw new WorkbenchError(
          'not-found',
          `no model provider with id ${ref.providerId}; add one on the Models screen`,
        );
      }
      const c = stored.config;
      ep = {
        baseUrl: checkedBaseUrl(c.baseUrl),
        apiKeyName: c.apiKeyName,
        timeoutMs: c.timeoutMs,
        maxRetries: c.maxRetries,
        params: c.params,
      };
    } else {
      ep = {
        baseUrl: checkedBaseUrl(ref.baseUrl),
        apiKeyName: ref.apiKeyName ?? null,
        timeoutMs: ref.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        maxRetries: ref.maxRetries ?? DEFAULT_MAX_RETRIES,
        params: {},
      };
    }
    if (this.settings().offline && !isLoopbackUrl(ep.baseUrl)) {
      throw new WorkbenchError(
        'llm-offline',
        `offline mode is on and ${ep.baseUrl} is not on this machine; use a local server (Ollama, LM Studio, llama.cpp, vLLM) or turn offline mode off on the Models screen`,
      );
    }
    if (ep.apiKeyName) {
      // A pasted key often brings a line break along: trimmed here, as servers would refuse it.
      const key = (await this.secrets.get(ep.apiKeyName))?.trim();
      if (key === undefined || key === '') {
        throw new WorkbenchError(
          'llm-unauthorized',
          `no API key is stored under secret '${ep.apiKeyName}' for ${ep.baseUrl}; set it on the Models screen`,
        );
      }
      // Anything else non-printable would make fetch throw with the header, key included, in
      // its message: refused here with a message that does not repeat it.
      if (/[^\x21-\x7e]/.test(key)) {
        throw new WorkbenchError(
          'llm-unauthorized',
          `the API key in secret '${ep.apiKeyName}' contains spaces or characters an HTTP header cannot carry; set it again on the Models screen`,
        );
      }
      ep.key = key;
    }
    return ep;
  }

  /** A model the server does not have: the message lists a few it does (best effort, 2 s). */
  private async withModelList(ep: Endpoint, e: unknown): Promise<never> {
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

  private site(ep: Endpoint, what: CallSite['what'], model?: string): CallSite {
    return {
      baseUrl: ep.baseUrl,
      what,
      model,
      apiKeyName: ep.apiKeyName,
      key: ep.key,
      timeoutMs: ep.timeoutMs,
    };
  }

  /**
   * The one retry owner. Each attempt gets a signal joining the caller's cancel and this attempt's
   * timeout; a cancel is never retried and ends a backoff wait at once. Waits are reported apart
   * from latency.
   */
  private async withRetries<T>(
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
      const waitMs = c.retryAfterMs ?? backoffMs(retry, this.options.random);
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

/** A batch line that never ran, as the error a resume can act on. */
function batchLineError(baseUrl: string, line: { code: string; message: string }): WorkbenchError {
  const said = `${line.code}: ${line.message}`;
  if (line.code === 'batch_expired' || line.code === 'request_timeout')
    return new WorkbenchError(
      'llm-timeout',
      `${baseUrl} did not run this request before the batch's window closed (${said}); resume asks it again in a new batch`,
    );
  if (line.code === 'batch_cancelled')
    return new WorkbenchError(
      'cancelled',
      `the batch was cancelled before this request ran (${said})`,
    );
  return new WorkbenchError('llm-server-error', `${baseUrl} failed this batch request (${said})`);
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

function cacheable(r: ChatResult): boolean {
  // Errors never reach here; refusals, filtered and empty answers are not kept either.
  return (
    !r.refused && r.text.length > 0 && (r.finishReason === 'stop' || r.finishReason === 'length')
  );
}

function checkedBaseUrl(raw: string): string {
  const url = normalizeBaseUrl(raw);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new WorkbenchError(
      'invalid-input',
      `'${raw}' is not a URL; a base URL looks like http://127.0.0.1:11434/v1`,
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new WorkbenchError(
      'invalid-input',
      `'${raw}' is not an http(s) URL; a base URL looks like http://127.0.0.1:11434/v1`,
    );
  }
  if (parsed.username || parsed.password) {
    // Credentials in a URL would end up in the DB and in messages: keys belong in secrets.
    throw new WorkbenchError(
      'invalid-input',
      'a base URL must not carry a user name or password; store the key as a secret',
    );
  }
  return url;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

function listSome(models: string[]): string {
  return models.length > 5 ? `${models.slice(0, 5).join(', ')}, …` : models.join(', ');
}
