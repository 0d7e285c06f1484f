import { z } from 'zod';

/**
 * OpenAI-compatible endpoints the Models screen offers. Local servers listen on loopback on
 * their documented default ports; `custom` is any base URL. Every preset speaks `/v1/models`,
 * `/v1/chat/completions` and (most) `/v1/embeddings`.
 */
export const ProviderPreset = z.enum([
  'openai',
  'ollama',
  'lmstudio',
  'llamacpp',
  'vllm',
  'custom',
  'embedded',
]);
export type ProviderPreset = z.infer<typeof ProviderPreset>;

export const presetBaseUrls: Record<ProviderPreset, string | null> = {
  openai: 'https://api.openai.com/v1',
  ollama: 'http://127.0.0.1:11434/v1',
  lmstudio: 'http://127.0.0.1:1234/v1',
  llamacpp: 'http://127.0.0.1:8080/v1',
  vllm: 'http://127.0.0.1:8000/v1',
  custom: null,
  embedded: null,
};

export const presetLabels: Record<ProviderPreset, string> = {
  openai: 'OpenAI',
  ollama: 'Ollama',
  lmstudio: 'LM Studio',
  llamacpp: 'llama.cpp server',
  vllm: 'vLLM',
  custom: 'Other (any base URL)',
  embedded: 'Embedded model (.gguf file)',
};

/** Sampling parameters sent with a request; absent ones are left to the server. */
export const GenerationParams = z
  .object({
    temperature: z.number().min(0).max(2).optional(),
    topP: z.number().gt(0).max(1).optional(),
    maxTokens: z.number().int().min(1).max(1_000_000).optional(),
    seed: z.number().int().optional(),
  })
  .strict();
export type GenerationParams = z.infer<typeof GenerationParams>;

/** Names under which API keys are kept by the secret store (main/secrets). */
export const SecretName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]{0,63}$/, 'lower-case letters, digits, ".", "_" or "-"');

/** A configured endpoint. The key itself never leaves main: only the secret's name is here. */
export const ProviderConfig = z
  .object({
    name: z.string().trim().min(1).max(80),
    preset: ProviderPreset,
    baseUrl: z.string().url(),
    /** The secret holding the API key (secrets.set), or null for servers without keys. */
    apiKeyName: SecretName.nullable(),
    defaultModel: z.string().min(1).nullable(),
    params: GenerationParams,
    /** Per request, streaming included. */
    timeoutMs: z.number().int().min(1000).max(3_600_000),
    /** Retries after 408/409/429/5xx and connection errors; an abort is never retried. */
    maxRetries: z.number().int().min(0).max(10),
  })
  .strict();
export type ProviderConfig = z.infer<typeof ProviderConfig>;

/** What the renderer sees of a provider: no key, only whether one is stored. */
export const ProviderView = ProviderConfig.extend({
  id: z.number().int(),
  hasKey: z.boolean(),
  /** The base URL's host is loopback (allowed in offline mode). */
  loopback: z.boolean(),
});
export type ProviderView = z.infer<typeof ProviderView>;

/** USD per million tokens; editable on the Models screen. */
export const ModelPrice = z
  .object({
    model: z.string().min(1),
    inputPerMTok: z.number().nonnegative(),
    outputPerMTok: z.number().nonnegative(),
  })
  .strict();
export type ModelPrice = z.infer<typeof ModelPrice>;

export const LlmSettings = z
  .object({
    /** Refuse every endpoint whose host is not loopback. */
    offline: z.boolean(),
    prices: z.array(ModelPrice),
  })
  .strict();
export type LlmSettings = z.infer<typeof LlmSettings>;

export const Usage = z.object({
  promptTokens: z.number().int().nonnegative(),
  completionTokens: z.number().int().nonnegative(),
});
export type Usage = z.infer<typeof Usage>;

/** "Test connection": what worked, or exactly what went wrong. */
export const ConnectionTest = z.object({
  ok: z.boolean(),
  /** One sentence: "3 models at http://127.0.0.1:11434/v1" or the failure and its fix. */
  message: z.string(),
  /** The error code when it failed (LlmErrorCode). */
  code: z.string().nullable(),
  models: z.array(z.string()),
  latencyMs: z.number().nonnegative(),
  /** For an embedded model: what the file holds (the test loads it). */
  embedded: z.lazy(() => EmbeddedModelInfo).optional(),
});
export type ConnectionTest = z.infer<typeof ConnectionTest>;

/** A local server found by autodetect (GET /v1/models on a preset's loopback port). */
export const DetectedServer = z.object({
  preset: ProviderPreset,
  baseUrl: z.string(),
  models: z.array(z.string()),
});
export type DetectedServer = z.infer<typeof DetectedServer>;

/**
 * Why a model call failed; each is a WorkbenchError code with a specific message naming the
 * endpoint and what to do.
 */
export const LlmErrorCode = z.enum([
  'llm-unauthorized',
  'llm-unreachable',
  'llm-timeout',
  'llm-rate-limited',
  'llm-server-error',
  'llm-bad-response',
  'llm-context-length',
  'llm-model-not-found',
  'llm-offline',
  /** An embedded model file that cannot be loaded: not GGUF, damaged, cut short, unknown architecture. */
  'llm-model-file',
  /** An embedded model that this machine's free memory cannot hold (estimated before loading). */
  'llm-out-of-memory',
  'cancelled',
]);
export type LlmErrorCode = z.infer<typeof LlmErrorCode>;

export const ChatMessage = z.object({
  role: z.enum(['system', 'user', 'assistant']),
  content: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/**
 * An embedded model (preset `embedded`, issue 16) is a GGUF file run in-process by llama.cpp
 * (main/llm/embedded). Its provider keeps the file as a `file:` URL in `baseUrl`, so providers
 * keep one shape and asks and runs name it by provider id like any endpoint.
 */
export function modelFileUrl(path: string): string {
  const slashed = path.replace(/\\/g, '/');
  const rooted = slashed.startsWith('/') ? slashed : `/${slashed}`;
  return `file://${rooted
    .split('/')
    .map(encodeURIComponent)
    .join('/')
    .replace(/^\/([A-Za-z])%3A/, '/$1:')}`;
}

/** The path of a `file:` base URL (the inverse of modelFileUrl), or null for any other URL. */
export function modelFilePath(baseUrl: string): string | null {
  if (!baseUrl.startsWith('file://')) return null;
  const path = decodeURIComponent(baseUrl.slice('file://'.length));
  return /^\/[A-Za-z]:\//.test(path) ? path.slice(1) : path;
}

/** What a GGUF model file holds, read from its header, and the memory it was planned with. */
export const EmbeddedModelInfo = z.object({
  path: z.string(),
  fileName: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  architecture: z.string(),
  name: z.string().nullable(),
  /** Counted from the tensors' shapes. */
  parameters: z.number().int().nonnegative(),
  /** The file type as llama.cpp names it ("F32", "Q4_K_M", …). */
  quantisation: z.string(),
  /** What the model was trained for, and what the workbench opens it with. */
  trainContextLength: z.number().int().nonnegative(),
  contextSize: z.number().int().nonnegative(),
  chatTemplate: z.string().nullable(),
  /** How node-llama-cpp formats chats for it ("ChatML", "Llama 3", "Jinja template", …). */
  chatFormat: z.string().nullable(),
  /** Estimated before loading: weights plus the context's cache and buffers. */
  estimatedRamBytes: z.number().nonnegative(),
  estimatedVramBytes: z.number().nonnegative(),
  /** "cpu", "cuda", "vulkan" or "metal": where the model runs. */
  device: z.string(),
  loadMs: z.number().nonnegative(),
});
export type EmbeddedModelInfo = z.infer<typeof EmbeddedModelInfo>;
