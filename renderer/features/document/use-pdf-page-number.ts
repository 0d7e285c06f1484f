import { useEffect, useState } from 'react';

const pageKey = (documentId: number) => `workbench.pdfPage:${documentId}`;

/** The page last shown of this document in this tab (coming back lands where the user was). */
function lastPage(documentId: number): number | undefined {
  try {
    const n = Number(window.sessionStorage.getItem(pageKey(documentId)));
    return Number.isInteger(n) && n >= 1 ? n : undefined;
  } catch {
    return undefined;
  }
}

function rememberPage(documentId: number, page: number): void {
  try {
    window.sessionStorage.setItem(pageKey(documentId), String(page));
  } catch {
    // Storage disabled: the page is not remembered.
  }
}

/**
 * The page shown: the page asked for (`focusPage`), else the one last shown in this tab, else
 * 1; it follows a new `focusPage` and starts over on another document, and is remembered.
 */
export function usePdfPageNumber(documentId: number, focusPage: number | undefined) {
  const firstPage = focusPage ?? lastPage(documentId) ?? 1;
  const [page, setPage] = useState(firstPage);
  // Follow the table chosen in the outline, and start over on another document (React's "adjust
  // state on prop change" pattern).
  const [followed, setFollowed] = useState({ documentId, focusPage });
  if (focusPage !== followed.focusPage || documentId !== followed.documentId) {
    setFollowed({ documentId, focusPage });
    if (documentId !== followed.documentId) setPage(firstPage);
    else if (focusPage) setPage(focusPage);
  }
  return [page, setPage] as const;
}

/** Remembers the page shown for the next visit in this tab. */
export function useRememberedPage(documentId: number, page: number): void {
  useEffect(() => rememberPage(documentId, page), [documentId, page]);
}
