import { createHash } from 'node:crypto';
import type { ChatMessage, GenerationParams } from '../../shared/llm/provider';
import { normalizeBaseUrl } from './endpoint';
import { compact } from '../../shared/util/compact';

/**
 * The response cache's key: sha256 of everything that changes the answer (endpoint, model,
 * sampling parameters, messages, and the sample index so k self-consistency samples stay k
 * answers) and nothing that does not (API key, timeouts, retries). Keys are spelled in a fixed
 * order and absent parameters are left out, so equal requests give equal keys. An earlier
 * harness's cache ignored the model name, then the generation arguments (lm-evaluation-harness
 * #2715, #3881): both are here, and a test checks two models never share an entry.
 */
export function chatCacheKey(input: {
  baseUrl: string;
  model: string;
  params: GenerationParams;
  messages: ChatMessage[];
  sampleIndex: number;
}): string {
  const p = input.params;
  const canonical = {
    v: 1,
    baseUrl: normalizeBaseUrl(input.baseUrl),
    model: input.model,
    params: compact({
      temperature: p.temperature,
      topP: p.topP,
      maxTokens: p.maxTokens,
      seed: p.seed,
    }),
    messages: input.messages.map((m) => ({ role: m.role, content: m.content })),
    sampleIndex: input.sampleIndex,
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}
