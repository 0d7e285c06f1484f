import { useStore } from 'zustand';
import { api } from '../../api/client';
import { createDocumentStore, type DocumentState } from './document-store';

export const documentStore = createDocumentStore(api);

export function useDocument<T>(selector: (s: DocumentState) => T): T {
  return useStore(documentStore, selector);
}
