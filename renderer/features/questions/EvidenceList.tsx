import type { Evidence } from '../../../shared/datasets/question';
import type { Document } from '../../../shared/document';
import { describeTarget } from './evidence-label';

interface Props {
  evidence: Evidence[];
  /** The document as parsed (to say what each reference resolved to); absent while loading. */
  model?: Document | undefined;
  active?: number | undefined;
  /** Go to a resolved item in the document. */
  onGo: (index: number) => void;
}

/**
 * The dataset's evidence references, each with what it resolved to in the document (a button
 * that scrolls there and selects it) or, when it names nothing, the reason.
 */
export function EvidenceList({ evidence, model, active, onGo }: Props) {
  if (evidence.length === 0) return <p className="hint">The dataset gives no evidence.</p>;
  return (
    <ol className="evidence-list" aria-label="Gold evidence">
      {evidence.map((e, i) => (
        <li key={i} className={e.target ? undefined : 'unresolved'}>
          {e.target ? (
            <button
              type="button"
              className="evidence-item"
              aria-current={active === i ? 'true' : undefined}
              onClick={() => onGo(i)}
            >
              <code className="evidence-ref">{e.ref}</code>
              <span className="evidence-what">{describeTarget(e.target, model)}</span>
            </button>
          ) : (
            <div className="evidence-item">
              <code className="evidence-ref">{e.ref}</code>
              <span className="evidence-what">not found: {e.reason}</span>
            </div>
          )}
          {e.note && <p className="evidence-note">{e.note}</p>}
          {e.text && (
            <details className="evidence-text">
              <summary>Quoted by the dataset</summary>
              <p>{e.text}</p>
            </details>
          )}
        </li>
      ))}
    </ol>
  );
}
