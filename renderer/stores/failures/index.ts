import { useStore } from 'zustand';
import { api } from '../../api/client';
import { createFailuresStore, type FailuresState } from './failures-store';

export const failuresStore = createFailuresStore(api);

export function useFailures<T>(selector: (s: FailuresState) => T): T {
  return useStore(failuresStore, selector);
}
