import type { DocumentScreen } from '../document/DocumentScreen';

/** The document view's module (its own chunk). */
export type DocumentScreenModule = { DocumentScreen: typeof DocumentScreen };

let loaded: DocumentScreenModule | undefined;
let loading: Promise<DocumentScreenModule> | undefined;

/**
 * The document view's chunk: fetched once and kept once loaded (a failed fetch is tried again).
 * Asked for by the boot script when the window opens on a document, else by the shell.
 */
export function loadDocumentScreen(): Promise<DocumentScreenModule> {
  loading ??= import('../document/DocumentScreen').then(
    (m) => (loaded = m),
    (e: unknown) => {
      loading = undefined;
      throw e;
    },
  );
  return loading;
}

/** The document view's module, if it has loaded. */
export const loadedDocumentScreen = (): DocumentScreenModule | undefined => loaded;
