import type { AnswerScale } from '../../../shared/datasets/question';
import type { MarkTarget } from '../../../shared/document/evidence';
import type { AnswerFields } from '../../../shared/sessions/session';
import { answerReading } from '../../stores/sessions/answer-reading';
import type { SaveState } from '../../stores/sessions/session-state';

const UNITS = ['', 'USD', '%', 'shares', 'ratio', 'count', 'days', 'years', 'other'] as const;
const SCALES: readonly (readonly [AnswerScale, string])[] = [
  ['', 'none (units)'],
  ['thousand', 'thousands'],
  ['million', 'millions'],
  ['billion', 'billions'],
  ['percent', 'percent'],
];

const saveText: Record<SaveState, string> = {
  saved: 'Saved',
  pending: 'Saving…',
  saving: 'Saving…',
  conflict: 'Not saved: changed in another window',
  error: 'Not saved',
};

interface Props {
  draft: AnswerFields;
  saveState?: SaveState | undefined;
  submitted: boolean;
  late: boolean;
  labelOf: (t: MarkTarget) => string;
  onEdit: (patch: Partial<AnswerFields>) => void;
  onUnmark: (t: MarkTarget) => void;
  onSubmit: () => void;
  onSkip: () => void;
}

type Edit = Props['onEdit'];

/** The value with its unit and scale, and how the value reads with them. */
function ValueFields({ d, onEdit }: { d: AnswerFields; onEdit: Edit }) {
  const reading = answerReading(d.value, d.scale, d.unit);
  return (
    <>
      <div className="answer-row">
        <label className="answer-value">
          Answer
          <input
            id="session-answer-value"
            aria-describedby="session-answer-reading"
            value={d.value}
            autoComplete="off"
            spellCheck={false}
            placeholder="e.g. -12.5"
            onChange={(e) => onEdit({ value: e.currentTarget.value })}
          />
        </label>
        <label>
          Unit
          <select value={d.unit} onChange={(e) => onEdit({ unit: e.currentTarget.value })}>
            {UNITS.map((u) => (
              <option key={u} value={u}>
                {u || 'none'}
              </option>
            ))}
            {!UNITS.includes(d.unit as (typeof UNITS)[number]) && (
              <option value={d.unit}>{d.unit}</option>
            )}
          </select>
        </label>
        <label>
          Scale
          <select
            value={d.scale}
            onChange={(e) => onEdit({ scale: e.currentTarget.value as AnswerScale })}
          >
            {SCALES.map(([v, label]) => (
              <option key={v} value={v}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p id="session-answer-reading" className={`answer-reading ${reading?.tone ?? ''}`}>
        {reading?.text ?? ''}
      </p>
    </>
  );
}

/** Confidence from 1 (a guess) to 5 (certain). */
function ConfidenceField({ confidence, onEdit }: { confidence: number | null; onEdit: Edit }) {
  return (
    <fieldset className="confidence">
      <legend>Confidence</legend>
      {[1, 2, 3, 4, 5].map((n) => (
        <label key={n}>
          <input
            type="radio"
            name="confidence"
            checked={confidence === n}
            onChange={() => onEdit({ confidence: n })}
          />
          {n}
        </label>
      ))}
      <span className="hint">1 guess · 5 certain</span>
    </fieldset>
  );
}

/** The marked paragraphs and cells, each with a way to unmark it. */
function EvidenceList({
  evidence,
  labelOf,
  onUnmark,
}: {
  evidence: MarkTarget[];
  labelOf: Props['labelOf'];
  onUnmark: Props['onUnmark'];
}) {
  return (
    <section aria-label="Marked evidence" className="answer-evidence">
      <h3>
        Evidence <span className="hint">({evidence.length})</span>
      </h3>
      {evidence.length === 0 ? (
        <p className="hint">
          Select a cell and press <kbd>e</kbd>, or ☆ beside a paragraph, to mark it.
        </p>
      ) : (
        <ul>
          {evidence.map((t) => (
            <li key={JSON.stringify(t)}>
              <span>{labelOf(t)}</span>
              <button
                type="button"
                className="link"
                aria-label={`Unmark ${labelOf(t)}`}
                onClick={() => onUnmark(t)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What the status line says: a failed save first, then submission, then saving. */
function saveStatus(p: Pick<Props, 'saveState' | 'submitted' | 'late'>): string {
  if (p.saveState === 'conflict' || p.saveState === 'error') return saveText[p.saveState];
  if (p.submitted)
    return p.late ? 'Submitted after the time budget' : 'Submitted (a change takes it back)';
  return p.saveState ? saveText[p.saveState] : '';
}

/** The expert's answer: number, unit and scale, confidence, notes, and the evidence marked. */
export function AnswerForm(p: Props) {
  const d = p.draft;
  // A submitted answer stays editable: main takes the submission back on a change, and the
  // expert submits again (the status line says so).
  return (
    <form
      className="answer-form"
      aria-label="Your answer"
      onSubmit={(e) => {
        e.preventDefault();
        p.onSubmit();
      }}
    >
      <ValueFields d={d} onEdit={p.onEdit} />
      <ConfidenceField confidence={d.confidence} onEdit={p.onEdit} />
      <label className="answer-notes">
        Notes
        <textarea
          rows={3}
          value={d.notes}
          onChange={(e) => p.onEdit({ notes: e.currentTarget.value })}
        />
      </label>
      <EvidenceList evidence={d.evidence} labelOf={p.labelOf} onUnmark={p.onUnmark} />
      <div className="answer-actions">
        <span className="hint save-state" role="status">
          {saveStatus(p)}
        </span>
        <button type="button" onClick={p.onSkip} title="Skip for now (s)">
          Skip
        </button>
        <button
          type="submit"
          className="primary"
          disabled={p.submitted}
          title="Submit (Ctrl+Enter)"
        >
          {p.submitted ? 'Submitted' : 'Submit'}
        </button>
      </div>
    </form>
  );
}
