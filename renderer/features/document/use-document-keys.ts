import { useEffect, type RefObject } from 'react';
import { isTypingTarget } from '../../components/typing-target';
import { documentStore } from '../../stores/document';
import type { CellRef } from '../../stores/document/document-store';

/**
 * The document view's keys: Ctrl+F focuses the find box, E marks the selected cell as evidence,
 * Escape lets go of the selection.
 */
export function useDocumentKeys(
  findInput: RefObject<HTMLInputElement | null>,
  cellRef: CellRef | undefined,
): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'f') {
        e.preventDefault();
        findInput.current?.focus();
        findInput.current?.select();
      }
      // The Ask panel's question box is a textarea: "e" typed there is text, not a mark.
      const typing = isTypingTarget(e.target);
      if (!typing && e.key === 'e' && cellRef)
        void documentStore.getState().toggleEvidence({ type: 'cell', ...cellRef });
      if (!typing && e.key === 'Escape') documentStore.getState().select(undefined);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [findInput, cellRef]);
}
