import { askStore } from '../stores/ask';

/** The header's Ask button beside a document or a question: opens and closes the Ask panel. */
export function AskToggle({ open }: { open: boolean }) {
  return (
    <button
      type="button"
      className="ask-toggle"
      aria-pressed={open}
      onClick={() => askStore.getState().setPanelOpen(!open)}
    >
      Ask
    </button>
  );
}
