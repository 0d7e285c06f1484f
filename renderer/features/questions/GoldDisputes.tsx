import { useState } from 'react';
import type { GoldDispute } from '../../../shared/disputes/dispute';
import { parseProposedAnswer } from '../../../shared/disputes/proposed-answer';
import { questionStore, useQuestion } from '../../stores/questions';
import { GoldAnswer } from './GoldAnswer';

const answerText = (a: GoldDispute['proposed']['answer']) =>
  a === null ? '—' : Array.isArray(a) ? a.join('; ') : String(a);

/**
 * Under a shown gold (docs/disputes.md): the dataset's original beside an accepted correction,
 * the question's disputes with accept/reject for open ones, and "Dispute gold" to propose a
 * corrected answer with a reason. Accepting re-grades every run and finished session.
 */
export function GoldDisputes() {
  const history = useQuestion((s) => s.goldHistory);
  const scale = useQuestion((s) => s.question?.scale ?? null);
  const busy = useQuestion((s) => s.disputeBusy);
  const error = useQuestion((s) => s.disputeError);
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState('');
  const [reason, setReason] = useState('');
  const [by, setBy] = useState('');
  if (!history) return null;
  const proposed = parseProposedAnswer(answer);
  const anyOpen = history.disputes.some((d) => d.status === 'open');
  const decide = (id: number, decision: 'accept' | 'reject') =>
    questionStore.getState().decideDispute(id, decision, undefined, by.trim() || undefined);
  const nameField = (
    <label className="dispute-name">
      Your name
      <input value={by} onChange={(e) => setBy(e.target.value)} />
    </label>
  );

  const submit = async () => {
    if (proposed === undefined || reason.trim() === '') return;
    const ok = await questionStore
      .getState()
      .raiseDispute(proposed, reason.trim(), by.trim() || undefined);
    if (ok) {
      setOpen(false);
      setAnswer('');
      setReason('');
    }
  };

  return (
    <div className="gold-disputes">
      {history.currentSource === 'dispute' && (
        <div className="gold-original">
          <p className="hint">
            Corrected by an accepted dispute. The dataset&apos;s original:
            {history.datasetChangedSinceCorrection && (
              <strong className="gold-moved"> (the dataset changed since the correction)</strong>
            )}
          </p>
          <GoldAnswer gold={history.original} scale={scale} />
        </div>
      )}
      {history.disputes.length > 0 && (
        <ol className="dispute-list" aria-label="Gold disputes">
          {history.disputes.map((d) => (
            <li key={d.id} className={`dispute ${d.status}`}>
              <span className="dispute-status">{d.status}</span>{' '}
              <strong>{answerText(d.proposed.answer)}</strong> — {d.reason}{' '}
              <span className="hint">
                ({d.raisedBy}, {d.raisedAt.slice(0, 10)}
                {d.decidedBy ? `; ${d.status} by ${d.decidedBy}` : ''}
                {d.decisionNote ? `: ${d.decisionNote}` : ''})
              </span>
              {d.status === 'open' && (
                <span className="dispute-actions">
                  <button type="button" disabled={busy} onClick={() => void decide(d.id, 'accept')}>
                    Accept
                  </button>
                  <button type="button" disabled={busy} onClick={() => void decide(d.id, 'reject')}>
                    Reject
                  </button>
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      {anyOpen && !open && nameField}
      {open ? (
        <form
          className="dispute-form"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
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
          <button type="submit" disabled={busy || proposed === undefined || reason.trim() === ''}>
            Raise dispute
          </button>{' '}
          <button type="button" onClick={() => setOpen(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <button type="button" className="dispute-open" onClick={() => setOpen(true)}>
          Dispute gold
        </button>
      )}
      {error && <p className="error">{error.message}</p>}
    </div>
  );
}
