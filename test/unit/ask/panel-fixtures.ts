import type { AskResult } from '../../../shared/ask/ask';
import type { ProviderView } from '../../../shared/llm/provider';

export const provider = (id: number, over: Partial<ProviderView> = {}): ProviderView => ({
  id,
  name: `Server ${id}`,
  preset: 'custom',
  baseUrl: `http://127.0.0.1:${8000 + id}/v1`,
  apiKeyName: null,
  defaultModel: 'small-model',
  params: {},
  timeoutMs: 60_000,
  maxRetries: 2,
  hasKey: false,
  loopback: true,
  ...over,
});

export const askResult = (id: number, over: Partial<AskResult> = {}): AskResult => ({
  id,
  askId: `ask-${id}`,
  createdAt: '2026-01-01T00:00:00.000Z',
  documentId: 7,
  questionId: null,
  question: 'What was revenue?',
  mode: 'pot',
  providerId: 1,
  model: 'small-model',
  output: '```javascript\nfunction solution() { return cell("t1", 0, 0); }\n```',
  answer: { text: '130497', value: 130497, unit: 'USD', scale: 1e6 },
  program: 'function solution() { return cell("t1", 0, 0); }',
  execution: { ok: true, value: 130497, error: null },
  repaired: false,
  reads: [
    { tableId: 't1', row: 0, col: 0, value: 130497, text: '$130,497', scale: 1e6, unit: 'USD' },
  ],
  grounding: { literals: [] },
  evidence: [],
  usage: { promptTokens: 100, completionTokens: 20 },
  samples: null,
  grade: null,
  costUsd: null,
  overheadMs: 12,
  modelMs: 800,
  ...over,
});
