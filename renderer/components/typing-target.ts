/**
 * Whether a key event's target takes text (an input, a text area, a select, an editable
 * element): single-letter shortcuts ("e" to mark, "j" next) must not fire while the user types.
 */
export const isTypingTarget = (t: EventTarget | null): boolean =>
  t instanceof HTMLInputElement ||
  t instanceof HTMLTextAreaElement ||
  t instanceof HTMLSelectElement ||
  (t instanceof HTMLElement && t.isContentEditable);
