import { useMemo } from 'react';
import type { MarkTarget } from '../../../shared/document/evidence';
import type { Document } from '../../../shared/document';
import { evidenceCsv, evidenceRows } from './evidence-rows';

interface Props {
  model: Document;
  documentName: string;
  targets: readonly MarkTarget[];
  onJump: (target: MarkTarget) => void;
  onUnmark: (target: MarkTarget) => void;
}

/** Saves text as a file through the browser (web mode and Electron alike). */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Every paragraph and cell marked as evidence in this document, in reading order: go to each,
 * unmark it, or export them all as CSV. Collapsed to one line until opened.
 */
export function EvidencePanel({ model, documentName, targets, onJump, onUnmark }: Props) {
  const rows = useMemo(() => evidenceRows(model, targets), [model, targets]);
  if (rows.length === 0) return null;
  const csvName = `${documentName.replace(/\.[^.]+$/, '')}-evidence.csv`;
  return (
    <details className="evidence-panel">
      <summary>Evidence ({rows.length})</summary>
      <div className="evidence-actions">
        <button onClick={() => download(csvName, evidenceCsv(documentName, rows))}>
          Export CSV
        </button>
      </div>
      <ul aria-label="Evidence">
        {rows.map((r) => (
          <li key={r.key} className={r.found ? undefined : 'missing'}>
            <span className="evidence-text">
              {r.kind === 'cell' ? (
                <>
                  <strong>{r.text || '—'}</strong> {r.rowPath} › {r.colPath}
                  <span className="muted"> · {r.where}</span>
                </>
              ) : (
                <>
                  <span className="muted">¶ </span>
                  {r.text.length > 160 ? `${r.text.slice(0, 160)}…` : r.text}
                </>
              )}
              {!r.found && <span className="muted"> (not in this parse)</span>}
            </span>
            <button className="link" onClick={() => onJump(r.target)} disabled={!r.found}>
              Go to
            </button>
            <button className="link" onClick={() => onUnmark(r.target)}>
              Unmark
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
