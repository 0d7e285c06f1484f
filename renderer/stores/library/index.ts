import { useStore } from 'zustand';
import { api } from '../../api/client';
import { createLibraryStore, type LibraryState } from './library-store';

export const libraryStore = createLibraryStore(api, window.localStorage);

export function useLibrary<T>(selector: (s: LibraryState) => T): T {
  return useStore(libraryStore, selector);
}
