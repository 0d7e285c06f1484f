import { useStore } from 'zustand';
import { api } from '../../api/client';
import { createAskStore, type AskState } from './ask-store';

export const askStore = createAskStore(api);

export function useAsk<T>(selector: (s: AskState) => T): T {
  return useStore(askStore, selector);
}
