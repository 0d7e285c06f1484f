import { WorkbenchError } from '../../../shared/api/result';
import type { ChatMessage } from '../../../shared/llm/provider';
import type { RunProviderRef } from '../../../shared/runs/run';
import type { LlmService } from '../../llm/llm-service';

/** What the judge needs of the model client: LlmService's chat (retries, timeouts, cache). */
export type JudgeChat = Pick<LlmService, 'chat'>;

/**
 * Failures no other call would survive either (the model is gone, the key refused, offline):
 * judging stops instead of failing every remaining item the same way.
 */
const STOPPING_CODES: ReadonlySet<string> = new Set([
  'llm-model-not-found',
  'llm-unauthorized',
  'llm-offline',
  'not-found',
]);

export const stopsJudging = (e: unknown) =>
  e instanceof WorkbenchError && STOPPING_CODES.has(e.code);

export interface JudgeReply {
  reply: string;
  refused: boolean;
  inputTokens: number;
  outputTokens: number;
  latencyMs: number;
}

/** How the endpoint is recorded with each judgement: never a key, a secret's name at most. */
export function endpointLabel(provider: RunProviderRef): string {
  if ('providerId' in provider) return `provider #${provider.providerId}`;
  return provider.apiKeyName
    ? `${provider.baseUrl} (key ${provider.apiKeyName})`
    : provider.baseUrl;
}

/**
 * One judge call at temperature 0. Identical prompts answer from the response cache, so a
 * judgement asked but not yet stored when the process died costs nothing the second time.
 */
export async function askJudge(
  llm: JudgeChat,
  provider: RunProviderRef,
  model: string,
  messages: ChatMessage[],
  signal: AbortSignal,
): Promise<JudgeReply> {
  const r = await llm.chat({
    provider:
      'providerId' in provider
        ? { providerId: provider.providerId }
        : {
            baseUrl: provider.baseUrl,
            ...(provider.apiKeyName ? { apiKeyName: provider.apiKeyName } : {}),
          },
    model,
    messages,
    params: { temperature: 0 },
    signal,
  });
  return {
    reply: r.text,
    refused: r.refused === true,
    inputTokens: r.usage.promptTokens,
    outputTokens: r.usage.completionTokens,
    latencyMs: r.latencyMs,
  };
}
