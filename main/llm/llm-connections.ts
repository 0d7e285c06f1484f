import { WorkbenchError } from '../../shared/api/result';
import { connectionFailure } from './connection-failure';
import {
  presetBaseUrls,
  type ConnectionTest,
  type DetectedServer,
  type ProviderPreset,
} from '../../shared/llm/provider';
import { embeddedListing, embeddedTest } from './embedded/embedded-provider';
import { isLoopbackUrl, normalizeBaseUrl } from './endpoint';
import { listSome, type LlmCalls } from './llm-calls';
import type { LlmProviders, ProviderRef } from './llm-providers';
import type { Endpoint } from './openai-calls';

/** What `LlmConnections.probe` found: the endpoint answers (or is busy, which a run goes past). */
export interface EndpointProbe {
  /** The base URL (or the model file) checked. */
  endpoint: string;
  /** What answered: the model list, a one-token chat, or the model file's header. */
  via: 'models' | 'chat' | 'file';
  latencyMs: number;
  /** The server answered 429 or 5xx: reachable, but busy (the sentence of that error). */
  busy: string | null;
}

export interface LlmConnectionsOptions {
  /** Where autodetect looks (tests point it at test servers); default: the loopback presets. */
  detectTargets?: { preset: ProviderPreset; baseUrl: string }[];
}

const TEST_TIMEOUT_MS = 10_000;
/** The pre-flight's model list: a server that takes longer to list its models is not well. */
const PROBE_LIST_TIMEOUT_MS = 10_000;
/** The circuit breaker's reach check (questions are failing to connect meanwhile). */
const PROBE_REACH_TIMEOUT_MS = 5_000;
const DETECT_TIMEOUT_MS = 500;

/**
 * Whether an endpoint is there and what it serves: the Models screen's model lists, "Test
 * connection" and local-server detection, and the run engine's pre-flight and circuit-breaker
 * checks (`probe`). Nothing here spends tokens except the one-token chat of a pre-flight whose
 * model list does not settle it.
 */
export class LlmConnections {
  constructor(
    private readonly providers: Pick<LlmProviders, 'modelFile' | 'resolve' | 'stored'>,
    private readonly calls: LlmCalls,
    private readonly options: LlmConnectionsOptions = {},
  ) {}

  async models(provider: ProviderRef, signal?: AbortSignal): Promise<string[]> {
    const file = this.providers.modelFile(provider);
    // Listing never loads a model: the file is checked (stat, GGUF header) and named.
    if (file) return embeddedListing(file);
    const ep = await this.providers.resolve(provider);
    return this.calls.listModels(ep, signal);
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
    const file = this.providers.modelFile(provider);
    if (file) {
      await embeddedListing(file);
      return { endpoint: file, via: 'file', latencyMs: took(), busy: null };
    }
    const ep = await this.providers.resolve(provider);
    const quick: Endpoint = {
      ...ep,
      maxRetries: 0,
      timeoutMs: Math.min(
        ep.timeoutMs,
        options.reachOnly ? PROBE_REACH_TIMEOUT_MS : PROBE_LIST_TIMEOUT_MS,
      ),
    };
    let listFailed: WorkbenchError | null = null;
    try {
      const models = await this.calls.listModels(quick, options.signal);
      if (options.reachOnly || models.length === 0 || models.includes(model))
        return { endpoint: ep.baseUrl, via: 'models', latencyMs: took(), busy: null };
    } catch (e) {
      if (!(e instanceof WorkbenchError)) throw e;
      const why = busyReason(e);
      if (why !== null)
        return { endpoint: ep.baseUrl, via: 'models', latencyMs: took(), busy: why };
      // Reached, but no usable list: the reach check is done; a pre-flight asks the chat path.
      if (e.code !== 'llm-bad-response') throw e;
      if (options.reachOnly)
        return { endpoint: ep.baseUrl, via: 'models', latencyMs: took(), busy: null };
      listFailed = e;
    }
    const busy = await this.oneTokenChat(ep, model, listFailed, options.signal);
    return { endpoint: ep.baseUrl, via: 'chat', latencyMs: took(), busy };
  }

  /** The pre-flight's last word: a one-token chat, cache off; the busy sentence or null. */
  private async oneTokenChat(
    ep: Endpoint,
    model: string,
    listFailed: WorkbenchError | null,
    signal: AbortSignal | undefined,
  ): Promise<string | null> {
    try {
      // The provider's own timeout: a local server may load the model for this first request.
      await this.calls
        .chat(
          { ...ep, maxRetries: 0 },
          model,
          [{ role: 'user', content: 'Reply with one word: ready' }],
          { ...ep.params, maxTokens: 1, temperature: 0 },
          signal,
          undefined,
          undefined,
        )
        .catch((e: unknown) => this.calls.withModelList(ep, e));
      return null;
    } catch (e) {
      if (!(e instanceof WorkbenchError)) throw e;
      const why = busyReason(e);
      if (why !== null) return why;
      // A chat path that refuses the request itself (400: a parameter it does not take, a
      // context it finds too long) is still a server that knows the model; only an endpoint
      // that is not there (404 path, not JSON) after a failed list too is refused.
      const passes =
        e.code === 'llm-context-length' || (e.code === 'llm-bad-response' && listFailed === null);
      if (!passes) throw e;
      return null;
    }
  }

  /** "Test connection": lists the models; never throws for a failure, says what it was. */
  async test(providerId: number, signal?: AbortSignal): Promise<ConnectionTest> {
    const started = performance.now();
    const stored = this.providers.stored(providerId);
    if (!stored) {
      return {
        ok: false,
        message: `no model provider with id ${providerId}; add one on the Models screen`,
        code: 'not-found',
        models: [],
        latencyMs: 0,
      };
    }
    const file = this.providers.modelFile({ providerId });
    if (file) return embeddedTest(file, signal);
    try {
      const ep = await this.providers.resolve({ providerId });
      const models = await this.calls.listModels({
        ...ep,
        maxRetries: 0,
        timeoutMs: Math.min(ep.timeoutMs, TEST_TIMEOUT_MS),
      });
      const latencyMs = Math.round(performance.now() - started);
      const wanted = stored.defaultModel;
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
      return connectionFailure(e, started);
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
}

/** A server that answered but is busy (429, 5xx): its sentence; null for any other failure. */
function busyReason(e: WorkbenchError): string | null {
  return e.code === 'llm-rate-limited' || e.code === 'llm-server-error' ? e.message : null;
}
