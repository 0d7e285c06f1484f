import { useStore } from 'zustand';
import { api } from '../../api/client';
import { createDocumentStore, type DocumentState } from './document-store';
import { takeEarlyOpen } from './early-open';

export const documentStore = createDocumentStore(api, takeEarlyOpen);

export function useDocument<T>(selector: (s: DocumentState) => T): T {
  return useStore(documentStore, selector);
}
