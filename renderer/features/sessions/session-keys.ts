/** What a key press is made of (a KeyboardEvent has all of it). */
export interface KeyPress {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

export interface SessionKeys {
  next?: () => void;
  previous?: () => void;
  submit?: () => void;
  skip?: () => void;
  /** E: mark or unmark the selected cell (the document view's own key). */
  toggleMark?: () => void;
  togglePause?: () => void;
  /** A: put the cursor in the answer box. */
  focusAnswer?: () => void;
  clearSelection?: () => void;
}

/** The hint shown under the session header, so the keys are never a secret. */
export const sessionKeyHint: readonly (readonly [string, string])[] = [
  ['Alt+→ / j', 'next'],
  ['Alt+← / k', 'previous'],
  ['Ctrl+Enter', 'submit'],
  ['s', 'skip'],
  ['e', 'mark cell'],
  ['a', 'answer box'],
  ['Alt+P / p', 'pause'],
];

/**
 * Which action a key press means. Chords with Alt or Ctrl work everywhere, also while typing
 * the answer; single letters only outside text fields, where they would be text.
 */
export function sessionKeyAction(e: KeyPress, inTextField: boolean): keyof SessionKeys | undefined {
  const ctrl = e.ctrlKey || e.metaKey;
  if (ctrl && !e.altKey && e.key === 'Enter') return 'submit';
  if (ctrl) return undefined;
  if (e.altKey) {
    if (e.key === 'ArrowRight') return 'next';
    if (e.key === 'ArrowLeft') return 'previous';
    // Alt+P types "π" on a Mac keyboard: match the key's letter either way.
    if (e.key === 'p' || e.key === 'P' || e.key === 'π') return 'togglePause';
    return undefined;
  }
  if (e.key === 'Escape') return 'clearSelection';
  if (inTextField || e.shiftKey) return undefined;
  switch (e.key) {
    case 'j':
      return 'next';
    case 'k':
      return 'previous';
    case 's':
      return 'skip';
    case 'e':
      return 'toggleMark';
    case 'a':
      return 'focusAnswer';
    case 'p':
      return 'togglePause';
    default:
      return undefined;
  }
}
