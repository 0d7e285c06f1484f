import type { ModelPrice, Usage } from '../../shared/llm/provider';

/** USD for `usage` at the table's per-million-token prices, or null when the model has none. */
export function costUsd(prices: ModelPrice[], model: string, usage: Usage): number | null {
  const lower = model.toLowerCase();
  const price =
    prices.find((p) => p.model === model) ?? prices.find((p) => p.model.toLowerCase() === lower);
  if (!price) return null;
  return (
    (usage.promptTokens * price.inputPerMTok + usage.completionTokens * price.outputPerMTok) / 1e6
  );
}
