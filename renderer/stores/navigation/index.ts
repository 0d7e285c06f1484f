import { useStore } from 'zustand';
import { createNavigationStore, type NavigationState } from './navigation-store';

export const navigationStore = createNavigationStore(window);

export function useNavigation<T>(selector: (s: NavigationState) => T): T {
  return useStore(navigationStore, selector);
}
