import type { GoldDispute } from '../../../shared/disputes/dispute';

const answerText = (a: GoldDispute['proposed']['answer']) =>
  a === null ? '—' : Array.isArray(a) ? a.join('; ') : String(a);

/** A question's gold disputes: each proposed answer and reason, and accept/reject for open ones. */
export function DisputeList({
  disputes,
  busy,
  onDecide,
}: {
  disputes: GoldDispute[];
  busy: boolean;
  onDecide: (id: number, decision: 'accept' | 'reject') => void;
}) {
  return (
    <ol className="dispute-list" aria-label="Gold disputes">
      {disputes.map((d) => (
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
              <button type="button" disabled={busy} onClick={() => onDecide(d.id, 'accept')}>
                Accept
              </button>
              <button type="button" disabled={busy} onClick={() => onDecide(d.id, 'reject')}>
                Reject
              </button>
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
