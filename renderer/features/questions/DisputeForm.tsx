import type { ReactNode } from 'react';

/** "Dispute gold"'s form: the proposed answer, the reason and the name field. */
export function DisputeForm({
  answer,
  setAnswer,
  reason,
  setReason,
  nameField,
  canSubmit,
  onSubmit,
  onCancel,
}: {
  answer: string;
  setAnswer: (answer: string) => void;
  reason: string;
  setReason: (reason: string) => void;
  nameField: ReactNode;
  /** Not busy, the answer reads as one and a reason is given. */
  canSubmit: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  return (
    <form
      className="dispute-form"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <label>
        Proposed answer
        <input value={answer} onChange={(e) => setAnswer(e.target.value)} placeholder="12.5" />
      </label>
      <label>
        Reason
        <textarea value={reason} onChange={(e) => setReason(e.target.value)} rows={2} />
      </label>
      {nameField}
      <button type="submit" disabled={!canSubmit}>
        Raise dispute
      </button>{' '}
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
