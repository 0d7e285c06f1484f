import { useStore } from 'zustand';
import { api } from '../../api/client';
import { parseRoute } from '../navigation/navigation-store';
import { createLibraryStore, type LibraryState } from './library-store';

export const libraryStore = createLibraryStore(api, window.localStorage);

// Opening the app on the Library: the list is asked for as this module loads, while React
// draws the shell, rather than after the screen has rendered once (the screen's `load` joins
// this request). The list is what first paint waits for on a big library.
if (parseRoute(window.location.hash).screen === 'library') void libraryStore.getState().load();

export function useLibrary<T>(selector: (s: LibraryState) => T): T {
  return useStore(libraryStore, selector);
}
