import type { Database } from 'better-sqlite3';
import { WorkbenchError } from '../../shared/api/result';
import type { ChatMessage, GenerationParams, Usage } from '../../shared/llm/provider';
import type { SecretStore } from '../secrets/secret-store';
import { llmRepo } from '../db/llm-repo';
import { chatCacheKey } from './cache-key';
import { CacheWrites } from './cache-writes';
import { embeddedChat } from './embedded/embedded-provider';
import { LlmBatches } from './llm-batches';
import type { ChatResult } from './chat-result';
import { LlmCalls, cancelledError, type RetryInfo } from './llm-calls';
import { LlmConnections, type LlmConnectionsOptions } from './llm-connections';
import { DEFAULT_TIMEOUT_MS, LlmProviders, type ProviderRef } from './llm-providers';
import { clientFor, embedOnce, type Endpoint } from './openai-calls';
import { costUsd } from './price';
import { compact } from '../../shared/util/compact';

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

export interface EmbedRequest {
  provider: ProviderRef;
  model: string;
  input: string[];
  signal?: AbortSignal;
}

export interface LlmServiceOptions extends LlmConnectionsOptions {
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

const EMBED_BATCH = 128;

/**
 * Language models (issue 12) through OpenAI-compatible endpoints or an embedded GGUF model: chat
 * with its response cache in SQLite and identical requests sharing one call, and embeddings.
 * Its parts, each in its own file: `providers` (stored providers, secrets, settings, what a
 * reference resolves to), `connections` (model lists, connection tests, detection, a run's
 * pre-flight), `batches` (the Batch API); every network call goes through one retry owner
 * (LlmCalls). API keys are read from the secret store by name for each call and go nowhere
 * else: not the DB, not the cache key, not an error message.
 */
export class LlmService {
  readonly providers: LlmProviders;
  readonly connections: LlmConnections;
  readonly batches: LlmBatches;
  private readonly calls: LlmCalls;
  private readonly repo;
  private readonly inflight = new Map<string, Flight>();
  /** Answers to store in the response cache, committed once per event-loop turn. */
  private readonly cacheWrites: CacheWrites<CachedAnswer>;

  constructor(db: Database, secrets: SecretStore, options: LlmServiceOptions = {}) {
    this.repo = llmRepo(db);
    this.providers = new LlmProviders(db, secrets);
    this.calls = new LlmCalls(this.providers, options.random);
    this.connections = new LlmConnections(this.providers, this.calls, options);
    this.batches = new LlmBatches(this.providers, this.calls);
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
    if (req.signal?.aborted) throw cancelledError(this.providers.describe(req.provider));
    const file = this.providers.modelFile(req.provider);
    if (file) {
      // In-process: nothing to retry, and an answer costs no more than computing it again.
      const stored =
        'providerId' in req.provider ? this.providers.stored(req.provider.providerId) : undefined;
      const params = { ...stored?.params, ...compact(req.params ?? {}) };
      const timeoutMs =
        stored?.timeoutMs ?? ('timeoutMs' in req.provider ? req.provider.timeoutMs : undefined);
      const result = await embeddedChat(file, req, params, timeoutMs ?? DEFAULT_TIMEOUT_MS);
      return {
        ...result,
        costUsd: costUsd(this.providers.settings().prices, result.model, result.usage),
      };
    }
    const ep = await this.providers.resolve(req.provider);
    if (!req.model.trim()) {
      throw new WorkbenchError(
        'invalid-input',
        `no model named for ${ep.baseUrl}; pick one on the Models screen`,
      );
    }
    const params: GenerationParams = { ...ep.params, ...compact(req.params ?? {}) };
    const sampleIndex = req.sampleIndex ?? 0;
    if (req.cache === false) {
      return this.calls.chat(
        ep,
        req.model,
        req.messages,
        params,
        req.signal,
        req.onDelta,
        req.onRetry,
      );
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
      f.promise = this.calls
        .chat(
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
              ...compact({ usageEstimated: result.usageEstimated }),
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

  // ---- embeddings ---------------------------------------------------------------------------

  async embed(req: EmbedRequest): Promise<number[][]> {
    if (req.signal?.aborted) throw cancelledError(this.providers.describe(req.provider));
    const ep = await this.providers.resolve(req.provider);
    if (req.input.length === 0) return [];
    const site = this.calls.site(ep, 'embeddings', req.model);
    const client = clientFor(ep);
    const out: number[][] = [];
    for (let i = 0; i < req.input.length; i += EMBED_BATCH) {
      const batch = req.input.slice(i, i + EMBED_BATCH);
      const { value } = await this.calls
        .withRetries(ep, site, req.signal, undefined, (s) =>
          embedOnce(client, site, req.model, batch, s),
        )
        .catch((e: unknown) => this.calls.withModelList(ep, e));
      out.push(...value);
    }
    return out;
  }
}

function cacheable(r: ChatResult): boolean {
  // Errors never reach here; refusals, filtered and empty answers are not kept either.
  return (
    !r.refused && r.text.length > 0 && (r.finishReason === 'stop' || r.finishReason === 'length')
  );
}
