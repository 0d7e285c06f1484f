import { useStore } from 'zustand';
import { api } from '../../api/client';
import { createFactsStore, type FactsState } from './facts-store';

export const factsStore = createFactsStore(api);

export function useFacts<T>(selector: (s: FactsState) => T): T {
  return useStore(factsStore, selector);
}
