import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useState } from 'react';
import { loadPdf, OriginalError } from '../../stores/document/pdf-original';

/** The PDF of one document, or why it cannot be shown; a value from another document is stale. */
type Loaded = { documentId: number } & ({ pdf: PDFDocumentProxy } | { error: string });

/** The document's PDF (from the store's loader), or why it cannot be shown. */
export function useLoadedPdf(documentId: number): {
  pdf: PDFDocumentProxy | undefined;
  error: string | undefined;
} {
  const [loaded, setLoaded] = useState<Loaded>();
  useEffect(() => {
    let cancelled = false;
    loadPdf(documentId).then(
      (doc) => {
        if (!cancelled) setLoaded({ documentId, pdf: doc });
      },
      (e: unknown) => {
        if (!cancelled)
          setLoaded({
            documentId,
            error:
              e instanceof OriginalError
                ? e.message
                : `cannot display this PDF: ${(e as Error).message}`,
          });
      },
    );
    // The document stays loaded for the next mount (the view mounts again when a parse ends);
    // loading another one destroys it.
    return () => {
      cancelled = true;
    };
  }, [documentId]);
  const current = loaded?.documentId === documentId ? loaded : undefined;
  return {
    pdf: current && 'pdf' in current ? current.pdf : undefined,
    error: current && 'error' in current ? current.error : undefined,
  };
}
