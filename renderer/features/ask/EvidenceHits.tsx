import type { EvidenceTarget } from '../../../shared/document/evidence';
import type { RetrievalHit } from '../../../shared/retrieval/hit';
import { hitTarget } from '../../components/evidence/read-marks';
import { filingShort, openFilingTable, type Placer } from '../../components/evidence/filing-cite';

interface Props {
  hits: RetrievalHit[];
  onGo: (target: EvidenceTarget, page?: number) => void;
  /** Where a hit's block lies (an ask across filings: which filing). */
  place?: Placer;
}

/** What retrieval put in the prompt, with scores; each goes to its block or cell. */
export function EvidenceHits({ hits, onGo, place }: Props) {
  if (hits.length === 0) return <p className="hint">Nothing was retrieved.</p>;
  return (
    <ol className="ask-evidence" aria-label="Retrieved evidence">
      {hits.map((h, i) => {
        const p = place?.(h.blockId);
        const local = p ? { ...h, blockId: p.localId } : h;
        const go =
          p && !p.here && p.documentId !== null
            ? () => openFilingTable(p.documentId!, p.localId)
            : () => onGo(hitTarget(local), h.page);
        return (
          <li key={i}>
            <button type="button" className="evidence-hit" onClick={go} title={h.text}>
              {p?.filing && <span className="filing-badge">{filingShort(p.filing)}</span>}
              <span className="hit-kind">{h.kind}</span>
              <span className="hit-text">{h.text}</span>
              <span className="hit-score">{h.score.toFixed(2)}</span>
            </button>
            {h.page !== undefined && <span className="hint"> p. {h.page}</span>}
          </li>
        );
      })}
    </ol>
  );
}
