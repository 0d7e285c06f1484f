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
  saveState?: SaveState;
  submitted: boolean;
  late: boolean;
  labelOf: (t: MarkTarget) => string;
  onEdit: (patch: Partial<AnswerFields>) => void;
  onUnmark: (t: MarkTarget) => void;
  onSubmit: () => void;
  onSkip: () => void;
}

/** The expert's answer: number, unit and scale, confidence, notes, and the evidence marked. */
export function AnswerForm(p: Props) {
  const d = p.draft;
  const reading = answerReading(d.value, d.scale, d.unit);
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
            onChange={(e) => p.onEdit({ value: e.currentTarget.value })}
          />
        </label>
        <label>
          Unit
          <select value={d.unit} onChange={(e) => p.onEdit({ unit: e.currentTarget.value })}>
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
            onChange={(e) => p.onEdit({ scale: e.currentTarget.value as AnswerScale })}
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
      <fieldset className="confidence">
        <legend>Confidence</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n}>
            <input
              type="radio"
              name="confidence"
              checked={d.confidence === n}
              onChange={() => p.onEdit({ confidence: n })}
            />
            {n}
          </label>
        ))}
        <span className="hint">1 guess · 5 certain</span>
      </fieldset>
      <label className="answer-notes">
        Notes
        <textarea
          rows={3}
          value={d.notes}
          onChange={(e) => p.onEdit({ notes: e.currentTarget.value })}
        />
      </label>
      <section aria-label="Marked evidence" className="answer-evidence">
        <h3>
          Evidence <span className="hint">({d.evidence.length})</span>
        </h3>
        {d.evidence.length === 0 ? (
          <p className="hint">
            Select a cell and press <kbd>e</kbd>, or ☆ beside a paragraph, to mark it.
          </p>
        ) : (
          <ul>
            {d.evidence.map((t) => (
              <li key={JSON.stringify(t)}>
                <span>{p.labelOf(t)}</span>
                <button
                  type="button"
                  className="link"
                  aria-label={`Unmark ${p.labelOf(t)}`}
                  onClick={() => p.onUnmark(t)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="answer-actions">
        <span className="hint save-state" role="status">
          {p.saveState === 'conflict' || p.saveState === 'error'
            ? saveText[p.saveState]
            : p.submitted
              ? p.late
                ? 'Submitted after the time budget'
                : 'Submitted (a change takes it back)'
              : p.saveState
                ? saveText[p.saveState]
                : ''}
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
