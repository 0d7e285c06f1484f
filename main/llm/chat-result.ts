import type { Usage } from '../../shared/llm/provider';

/** A chat answer as every caller sees it: from an endpoint, the cache or an embedded model. */
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

/** What an embedded model answers: a chat result before it is priced, every field given. */
export type EmbeddedChatOutput = Required<Omit<ChatResult, 'costUsd'>>;
