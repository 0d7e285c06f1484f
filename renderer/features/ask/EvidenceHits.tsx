import type { EvidenceTarget } from '../../../shared/document/evidence';
import type { RetrievalHit } from '../../../shared/retrieval/hit';
import { hitTarget } from './ask-marks';

interface Props {
  hits: RetrievalHit[];
  onGo: (target: EvidenceTarget, page?: number) => void;
}

/** What retrieval put in the prompt, with scores; each goes to its block or cell. */
export function EvidenceHits({ hits, onGo }: Props) {
  if (hits.length === 0) return <p className="hint">Nothing was retrieved.</p>;
  return (
    <ol className="ask-evidence" aria-label="Retrieved evidence">
      {hits.map((h, i) => (
        <li key={i}>
          <button
            type="button"
            className="evidence-hit"
            onClick={() => onGo(hitTarget(h), h.page)}
            title={h.text}
          >
            <span className="hit-kind">{h.kind}</span>
            <span className="hit-text">{h.text}</span>
            <span className="hit-score">{h.score.toFixed(2)}</span>
          </button>
          {h.page !== undefined && <span className="hint"> p. {h.page}</span>}
        </li>
      ))}
    </ol>
  );
}
