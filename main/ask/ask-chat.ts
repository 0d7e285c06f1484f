import type { ChatMessage, GenerationParams, Usage } from '../../shared/llm/provider';

/**
 * What the ask service needs of the model client (main/llm's LlmService satisfies it): one
 * chat call, streamed, cancellable, bounded by the provider's timeout and retries. Kept as an
 * interface so the service depends on the call, not on how providers are stored.
 */
export type AskProviderRef =
  | { providerId: number }
  | { baseUrl: string; apiKeyName?: string | null; timeoutMs?: number; maxRetries?: number };

export interface AskChatRequest {
  provider: AskProviderRef;
  model: string;
  messages: ChatMessage[];
  params?: GenerationParams;
  signal?: AbortSignal;
  onDelta?: (text: string) => void;
  onRetry?: (info: { attempt: number; waitMs: number; reason: string }) => void;
  /** Self-consistency: the sample's index, so cached replies of sample 0 are not reused. */
  sampleIndex?: number;
  cache?: boolean;
}

export interface AskChatResult {
  text: string;
  usage: Usage;
  finishReason: string | null;
  model: string;
  cached: boolean;
  latencyMs: number;
  waitedMs: number;
  retries: number;
  costUsd: number | null;
}

export interface AskChat {
  chat(req: AskChatRequest): Promise<AskChatResult>;
  /** Embeddings for dense retrieval (RetrievalOptions.embeddings). */
  embed?(req: {
    provider: AskProviderRef;
    model: string;
    input: string[];
    signal?: AbortSignal;
  }): Promise<number[][]>;
}
