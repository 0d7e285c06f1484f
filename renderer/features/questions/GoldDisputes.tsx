import { useState } from 'react';
import { parseProposedAnswer } from '../../../shared/disputes/proposed-answer';
import { questionStore, useQuestion } from '../../stores/questions';
import { DisputeForm } from './DisputeForm';
import { DisputeList } from './DisputeList';
import { GoldAnswer } from './GoldAnswer';

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
        <DisputeList
          disputes={history.disputes}
          busy={busy}
          onDecide={(id, decision) => void decide(id, decision)}
        />
      )}
      {anyOpen && !open && nameField}
      {open ? (
        <DisputeForm
          answer={answer}
          setAnswer={setAnswer}
          reason={reason}
          setReason={setReason}
          nameField={nameField}
          canSubmit={!busy && proposed !== undefined && reason.trim() !== ''}
          onSubmit={() => void submit()}
          onCancel={() => setOpen(false)}
        />
      ) : (
        <button type="button" className="dispute-open" onClick={() => setOpen(true)}>
          Dispute gold
        </button>
      )}
      {error && <p className="error">{error.message}</p>}
    </div>
  );
}
