import { useStore } from 'zustand';
import { api } from '../../api/client';
import { createGapStore, type GapState } from './gap-store';

export const gapStore = createGapStore(api);

export function useGap<T>(selector: (s: GapState) => T): T {
  return useStore(gapStore, selector);
}
