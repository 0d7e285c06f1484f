import type { DatasetSummary, StoredQuestion } from '../../../shared/datasets/stored-question';
import type { Document } from '../../../shared/document';
import { EvidenceList } from './EvidenceList';
import { GoldAnswer } from './GoldAnswer';
import { GoldDisputes } from './GoldDisputes';

interface Props {
  question: StoredQuestion;
  dataset: DatasetSummary;
  model?: Document | undefined;
  showGold: boolean;
  activeEvidence?: number | undefined;
  onToggleGold: () => void;
  onGoEvidence: (index: number) => void;
}

/** The question, its type and scale, the gold answer behind a toggle, and its evidence. */
export function QuestionPanel(p: Props) {
  const q = p.question;
  return (
    <aside className="question-panel" aria-label="Question">
      <p className="question-asked">{q.question}</p>
      <dl className="question-facts">
        <dt>Type</dt>
        <dd>{q.type || '—'}</dd>
        <dt>Scale</dt>
        <dd>{q.scale === null ? 'not stated' : q.scale === '' ? 'none (units)' : q.scale}</dd>
        <dt>Dataset id</dt>
        <dd>
          <code>{q.externalId}</code>
        </dd>
        <dt>Document</dt>
        <dd>
          {q.documentId === null ? (
            <code>{q.documentExternalId}</code>
          ) : (
            <a href={`#/document/${q.documentId}`} title="Open in the document view">
              {q.documentExternalId}
            </a>
          )}
        </dd>
      </dl>

      <section className="gold-section">
        <button
          type="button"
          className={p.showGold ? 'gold-toggle shown' : 'gold-toggle'}
          aria-expanded={p.showGold}
          aria-controls="gold-answer"
          onClick={p.onToggleGold}
        >
          {p.showGold ? 'Hide gold' : 'Show gold'} <kbd>G</kbd>
        </button>
        <div id="gold-answer">
          {p.showGold ? (
            <>
              <GoldAnswer gold={q.gold} scale={q.scale} />
              <GoldDisputes />
            </>
          ) : (
            <p className="hint">The {p.dataset.format} answer is hidden.</p>
          )}
        </div>
      </section>

      <section>
        <h2>
          Evidence <span className="hint">({q.evidence.length})</span>
        </h2>
        <EvidenceList
          evidence={q.evidence}
          model={p.model}
          active={p.activeEvidence}
          onGo={p.onGoEvidence}
        />
        <p className="hint legend">
          <span className="legend-gold">outlined green</span>: gold evidence;{' '}
          <span className="legend-mark">filled yellow</span>: your marks.
        </p>
      </section>
    </aside>
  );
}
