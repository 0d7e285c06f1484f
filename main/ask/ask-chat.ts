import type { ChatResult } from '../llm/chat-result';
import type { ProviderRef } from '../llm/llm-providers';
import type { ChatRequest } from '../llm/llm-service';

/**
 * What the ask service needs of the model client (main/llm's LlmService satisfies it): one
 * chat call, streamed, cancellable, bounded by the provider's timeout and retries. Kept as an
 * interface so the service depends on the call, not on how providers are stored; the request
 * and result are LlmService's own, so the two cannot drift apart.
 */
export type AskProviderRef = ProviderRef;
export type AskChatRequest = ChatRequest;
export type AskChatResult = ChatResult;

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
