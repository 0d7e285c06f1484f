import { useEffect } from 'react';
import { isTypingTarget } from '../../components/typing-target';

export interface QuestionKeys {
  previous?: () => void;
  next?: () => void;
  toggleGold: () => void;
  /** E: mark or unmark the selected cell (as in the document view). */
  toggleMark: () => void;
  clearSelection: () => void;
}

/** j / Alt+→ next question, k / Alt+← previous, G gold, E mark the selected cell, Esc deselect. */
export function useQuestionKeys(keys: QuestionKeys): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTypingTarget(e.target) || e.ctrlKey || e.metaKey) return;
      const alt = e.altKey;
      let act: (() => void) | undefined;
      if ((!alt && e.key === 'j') || (alt && e.key === 'ArrowRight')) act = keys.next;
      else if ((!alt && e.key === 'k') || (alt && e.key === 'ArrowLeft')) act = keys.previous;
      else if (!alt && e.key === 'g') act = keys.toggleGold;
      else if (!alt && e.key === 'e') act = keys.toggleMark;
      else if (e.key === 'Escape') act = keys.clearSelection;
      if (!act) return;
      e.preventDefault();
      act();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [keys]);
}
