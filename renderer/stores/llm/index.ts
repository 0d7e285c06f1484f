import { useStore } from 'zustand';
import { api } from '../../api/client';
import { createLlmStore, type LlmState } from './llm-store';

export const llmStore = createLlmStore(api);

export function useLlm<T>(selector: (s: LlmState) => T): T {
  return useStore(llmStore, selector);
}
