import type { Conflict } from '../../stores/sessions/session-state';

const fieldsText = (f: Conflict['mine']) =>
  [
    f.value || '(no answer)',
    f.unit && `unit ${f.unit}`,
    f.scale && `scale ${f.scale}`,
    f.confidence !== null && `confidence ${f.confidence}`,
    `${f.evidence.length} marked`,
    f.notes && `notes: ${f.notes.length > 80 ? `${f.notes.slice(0, 77)}…` : f.notes}`,
  ]
    .filter(Boolean)
    .join(' · ');

/** Another window saved this answer first: both shown, the expert keeps one. */
export function ConflictNotice({
  conflict,
  onKeep,
}: {
  conflict: Conflict;
  onKeep: (keep: 'mine' | 'theirs') => void;
}) {
  return (
    <div className="conflict-notice" role="alertdialog" aria-label="Answer changed elsewhere">
      <strong>This answer was saved from another window.</strong>
      <p>{conflict.message}</p>
      <dl>
        <dt>Saved elsewhere</dt>
        <dd>{fieldsText(conflict.theirs)}</dd>
        <dt>This window</dt>
        <dd>{fieldsText(conflict.mine)}</dd>
      </dl>
      <div className="conflict-actions">
        <button type="button" onClick={() => onKeep('theirs')}>
          Use the saved answer
        </button>
        <button type="button" className="primary" onClick={() => onKeep('mine')}>
          Keep this window’s answer
        </button>
      </div>
    </div>
  );
}
