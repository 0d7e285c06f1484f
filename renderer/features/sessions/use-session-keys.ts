import { useEffect } from 'react';
import { isTypingTarget } from '../../components/typing-target';
import { sessionKeyAction, type SessionKeys } from './session-keys';

/** Binds the session's keys on the window while the screen is shown. */
export function useSessionKeys(keys: SessionKeys): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const inText = isTypingTarget(e.target);
      const name = sessionKeyAction(e, inText);
      // Escape in a text field belongs to the field (a select closes its list).
      if (!name || (name === 'clearSelection' && inText)) return;
      const act = keys[name];
      if (!act) return;
      e.preventDefault();
      act();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [keys]);
}
