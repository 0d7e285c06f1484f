import { createHash } from 'node:crypto';
import { openaiSdk } from './openai-sdk';
import {
  AnswerTooLarge,
  MAX_ANSWER_BYTES,
  postJson,
  PostFailure,
  type PostAnswer,
} from './json-post';
import type OpenAI from 'openai';
import { WorkbenchError } from '../../shared/api/result';
import type { ChatMessage, GenerationParams, Usage } from '../../shared/llm/provider';
import type { CallSite } from './llm-errors';
import { compact } from '../../shared/util/compact';

/** A resolved endpoint: where, with which key (read from the secret store for this call). */
export interface Endpoint {
  baseUrl: string;
  apiKeyName: string | null;
  /**
   * Read from the secret store for each call; never written anywhere, logged or put in a
   * message (in memory it stays only inside the kept client of its endpoint, below).
   */
  key?: string;
  timeoutMs: number;
  maxRetries: number;
  params: GenerationParams;
}

/**
 * One client per call. Its own retries are off (we own retries: one retry owner) and its own
 * timeout is a backstop behind ours (ours also covers the streamed body, the client's only the
 * headers). Nothing is read from OPENAI_* environment variables that could redirect the call or
 * add someone else's credentials, and the client never logs (its debug log prints headers).
 */
export function clientFor(ep: Endpoint): OpenAI {
  // One client per endpoint, key and timeout, kept: building one costs ~0.2 ms, which a run of
  // thousands of questions paid per call. A changed key or timeout is a different entry.
  const keyId = ep.key === undefined ? null : createHash('sha256').update(ep.key).digest('hex');
  const id = JSON.stringify([ep.baseUrl, keyId, ep.timeoutMs]);
  const kept = clients.get(id);
  if (kept) return kept;
  const client = new (openaiSdk().OpenAI)({
    baseURL: ep.baseUrl,
    // Keyless local servers: send no Authorization header at all rather than a fake key.
    apiKey: ep.key ?? 'no-key',
    defaultHeaders: ep.key ? undefined : { Authorization: null },
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    maxRetries: 0,
    timeout: ep.timeoutMs + 5_000,
    logLevel: 'off',
  });
  if (clients.size >= MAX_CLIENTS) clients.delete(clients.keys().next().value!);
  clients.set(id, client);
  return client;
}

/** Clients kept, oldest first (a Map keeps insertion order); a handful of endpoints in practice. */
const clients = new Map<string, OpenAI>();
const MAX_CLIENTS = 32;

export interface ChatOutcome {
  text: string;
  usage: Usage;
  /** The server sent no usage: counted as characters / 4. */
  usageEstimated: boolean;
  finishReason: string | null;
  model: string;
  refusal: boolean;
}

/** The chat request's body as it is sent (also a Batch API line's `body`). */
export function requestBody(
  model: string,
  messages: ChatMessage[],
  params: GenerationParams,
  baseUrl: string,
) {
  // OpenAI's own API wants max_completion_tokens (newer models refuse max_tokens); local servers
  // (llama.cpp, Ollama, vLLM, LM Studio) all read max_tokens.
  const openaiHost = /^https:\/\/api\.openai\.com\//.test(baseUrl);
  return {
    model,
    messages: messages.map((m) => ({ role: m.role, content: m.content })),
    ...compact({ temperature: params.temperature, top_p: params.topP, seed: params.seed }),
    ...(params.maxTokens !== undefined
      ? openaiHost
        ? { max_completion_tokens: params.maxTokens }
        : { max_tokens: params.maxTokens }
      : {}),
  };
}

const estimate = (text: string) => Math.ceil(text.length / 4);

function usageOf(
  u: OpenAI.CompletionUsage | null | undefined,
  messages: ChatMessage[],
  text: string,
): { usage: Usage; usageEstimated: boolean } {
  if (u && Number.isFinite(u.prompt_tokens) && Number.isFinite(u.completion_tokens)) {
    return {
      usage: { promptTokens: u.prompt_tokens, completionTokens: u.completion_tokens },
      usageEstimated: false,
    };
  }
  return {
    usage: {
      promptTokens: messages.reduce((s, m) => s + estimate(m.content), 0),
      completionTokens: estimate(text),
    },
    usageEstimated: true,
  };
}

/**
 * What a non-streamed chat completion says (a direct answer, or a Batch API output line's
 * `response.body`), checked for shape.
 */
export function completionOutcome(
  res: OpenAI.ChatCompletion | undefined,
  site: CallSite,
  model: string,
  messages: ChatMessage[],
): ChatOutcome {
  const choice = Array.isArray(res?.choices) ? res.choices[0] : undefined;
  if (!res || !choice || typeof choice.message !== 'object' || choice.message === null) {
    throw new WorkbenchError(
      'llm-bad-response',
      `${site.baseUrl}/chat/completions answered without a choice; is it an OpenAI-compatible endpoint?`,
    );
  }
  const text = typeof choice.message.content === 'string' ? choice.message.content : '';
  return {
    text,
    ...usageOf(res.usage, messages, text),
    finishReason: choice.finish_reason ?? null,
    model: typeof res.model === 'string' ? res.model : model,
    refusal: Boolean(choice.message.refusal) || choice.finish_reason === 'content_filter',
  };
}

/** The stream or body ended without saying it was finished. */
export class CutStreamError extends WorkbenchError {
  constructor(
    readonly chars: number,
    baseUrl: string,
  ) {
    super(
      'llm-bad-response',
      `the stream from ${baseUrl} was cut after ${chars} characters (no finish reason); try again`,
    );
  }
}

/**
 * One chat attempt. Streams when `onDelta` is given; `signal` joins cancel and timeout. Aborting
 * mid-stream ends the client's `for await` quietly, so the signal is checked after the loop.
 * `client` is asked for only when the `openai` client is used: streams (and redirects); an
 * answer that is not streamed is POSTed directly (`chatPlain`).
 */
export async function chatOnce(
  client: () => OpenAI,
  site: CallSite,
  model: string,
  messages: ChatMessage[],
  params: GenerationParams,
  signal: AbortSignal,
  onDelta?: (text: string) => void,
): Promise<ChatOutcome> {
  const body = requestBody(model, messages, params, site.baseUrl);
  if (!onDelta) return chatPlain(client, site, model, messages, { ...body, stream: false }, signal);

  const stream = await client().chat.completions.create(
    { ...body, stream: true, stream_options: { include_usage: true } },
    { signal },
  );
  let text = '';
  let finishReason: string | null = null;
  let usage: OpenAI.CompletionUsage | null | undefined;
  let served = model;
  let refusal = false;
  let chunks = 0;
  try {
    for await (const chunk of stream) {
      chunks++;
      if (typeof chunk.model === 'string') served = chunk.model;
      if (chunk.usage) usage = chunk.usage;
      const choice = chunk.choices?.[0];
      if (!choice) continue;
      const delta = choice.delta?.content;
      if (typeof delta === 'string' && delta.length > 0) {
        text += delta;
        if (text.length > MAX_ANSWER_BYTES) throw new AnswerTooLarge(MAX_ANSWER_BYTES);
        onDelta(delta);
      }
      if (choice.delta?.refusal) refusal = true;
      if (choice.finish_reason) finishReason = choice.finish_reason;
    }
  } catch (e) {
    if (signal.aborted) throw signal.reason;
    // Leaving the loop by a throw closes the stream (the client aborts its request).
    if (e instanceof AnswerTooLarge) throw tooLargeError(site, e);
    // Once text reached the caller the attempt cannot be repeated without repeating it: say where
    // it broke. Before any text, the raw error is classified (a dropped connection is retried).
    if (text.length > 0) throw new CutStreamError(text.length, site.baseUrl);
    throw e;
  }
  if (signal.aborted) throw signal.reason;
  if (chunks === 0) {
    // A server that ignored stream: true (or is not OpenAI-compatible) sends no SSE events.
    throw new WorkbenchError(
      'llm-bad-response',
      `${site.baseUrl}/chat/completions sent no stream events; is it an OpenAI-compatible endpoint?`,
    );
  }
  if (finishReason === null) throw new CutStreamError(text.length, site.baseUrl);
  return {
    text,
    ...usageOf(usage, messages, text),
    finishReason,
    model: served,
    refusal: refusal || finishReason === 'content_filter',
  };
}

/**
 * A chat completion that is not streamed, POSTed with `postJson` instead of through the `openai`
 * client, whose request and response machinery cost a run's question about as much CPU as all
 * the rest of its answer (docs/BENCHMARKS.md, "Runs engine, fourth pass"). Nothing the caller
 * sees changes: the body is the same object serialized the same way, the headers that matter are
 * sent (JSON, the key as a Bearer token, none without a key), the answer is read as the client
 * reads it (`parsedBody`), and every failure is thrown as the client's own error class
 * (`APIError.generate` for a status, `APIConnectionError` with Node's error as its cause,
 * `TypeError('terminated')` for a body cut short, `SyntaxError` for bad JSON), so `classify`
 * types it as before. A redirect, which fetch would follow, is asked again through the client.
 */
async function chatPlain(
  client: () => OpenAI,
  site: CallSite,
  model: string,
  messages: ChatMessage[],
  body: OpenAI.ChatCompletionCreateParamsNonStreaming,
  signal: AbortSignal,
): Promise<ChatOutcome> {
  let answer: PostAnswer;
  try {
    answer = await postJson(
      `${site.baseUrl}/chat/completions`,
      JSON.stringify(body),
      headersFor(site.key),
      signal,
    );
  } catch (e) {
    if (e instanceof AnswerTooLarge) throw tooLargeError(site, e);
    throw e instanceof PostFailure ? asClientError(e) : e;
  }
  const { status } = answer;
  if (status >= 300 && status < 400) {
    const res = await client().chat.completions.create(body, { signal });
    return completionOutcome(res, site, model, messages);
  }
  if (status < 200 || status >= 300) throw statusError(answer);
  const res = parsedBody(answer) as OpenAI.ChatCompletion | string | null | undefined;
  return completionOutcome(
    typeof res === 'object' && res !== null ? res : undefined,
    site,
    model,
    messages,
  );
}

/**
 * An answer past the limit, streamed or not. Final (a WorkbenchError is not retried): asking
 * again would fetch the same flood.
 */
function tooLargeError(site: CallSite, e: AnswerTooLarge): WorkbenchError {
  return new WorkbenchError(
    'llm-bad-response',
    `${site.baseUrl}/chat/completions sent an answer larger than ${e.limit / 2 ** 20} MB; nothing was kept. Is it an OpenAI-compatible endpoint?`,
  );
}

/** The request headers of a direct POST: what the `openai` client sends that a server reads. */
function headersFor(key: string | undefined): Record<string, string> {
  return {
    'content-type': 'application/json',
    accept: 'application/json',
    'user-agent': 'filing-workbench',
    ...(key !== undefined ? { authorization: `Bearer ${key}` } : {}),
  };
}

/** A 2xx body as the `openai` client's `defaultParseResponse` reads it. */
function parsedBody({ status, headers, text }: PostAnswer): unknown {
  if (status === 204) return null;
  const mediaType = headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  const json = mediaType?.includes('application/json') || mediaType?.endsWith('+json');
  if (!json) return text;
  if (headers['content-length'] === '0' || !text) return undefined;
  return JSON.parse(text) as unknown; // a SyntaxError is classified as malformed JSON
}

/** An error status as the `openai` client throws it (its `makeStatusError`). */
function statusError({ status, headers, text }: PostAnswer): Error {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const message = parsed ? undefined : text;
  const error =
    parsed && typeof parsed === 'object' && (parsed as { error?: unknown }).error == null
      ? { error: parsed }
      : parsed;
  const h = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) h.append(name, v);
  }
  return openaiSdk().APIError.generate(status, error as object | undefined, message, h);
}

/** No whole answer, as the `openai` client over fetch says it. */
function asClientError(f: PostFailure): Error {
  if (f.kind === 'dropped') return new TypeError('terminated', { cause: f.cause });
  return new (openaiSdk().APIConnectionError)({ message: 'Connection error.', cause: f.cause });
}

/** One embeddings attempt; vectors in input order, checked for shape. */
export async function embedOnce(
  client: OpenAI,
  site: CallSite,
  model: string,
  input: string[],
  signal: AbortSignal,
): Promise<number[][]> {
  const res = await client.embeddings.create({ model, input }, { signal });
  const bad = (why: string) =>
    new WorkbenchError(
      'llm-bad-response',
      `${site.baseUrl}/embeddings ${why}; is '${model}' an embedding model?`,
    );
  if (!Array.isArray(res?.data) || res.data.length !== input.length) {
    throw bad(
      `answered ${Array.isArray(res?.data) ? res.data.length : 'no'} vectors for ${input.length} inputs`,
    );
  }
  const out: number[][] = new Array<number[]>(input.length);
  for (const [i, d] of res.data.entries()) {
    const index = Number.isInteger(d.index) ? d.index : i;
    const v = d.embedding;
    if (!Array.isArray(v) || v.length === 0 || !v.every((x) => Number.isFinite(x))) {
      throw bad('answered a vector that is not a list of numbers');
    }
    if (index < 0 || index >= input.length || out[index])
      throw bad('answered vectors with bad indices');
    out[index] = v;
  }
  const dim = out[0]!.length;
  if (out.some((v) => v.length !== dim)) throw bad('answered vectors of different lengths');
  return out;
}
