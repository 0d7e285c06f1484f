import type { GroundingLiteral } from '../../../shared/ask/ask';
import type { EvidenceTarget } from '../../../shared/document/evidence';
import type { Document } from '../../../shared/model';
import { positionLookup } from './ask-marks';

interface Props {
  literals: GroundingLiteral[];
  model?: Document;
  onGo: (target: EvidenceTarget) => void;
}

const SOURCE_TEXT: Record<GroundingLiteral['source'], string> = {
  cell: 'cell',
  context: 'in the context',
  constant: 'constant',
  unsupported: 'unsupported',
};

/**
 * Where every number the program used came from: a cell it read (linked), a literal matching
 * the retrieved context (linked to its paragraph or cell), a known constant, or unsupported (red).
 */
export function GroundingReport({ literals, model, onGo }: Props) {
  const at = model ? positionLookup(model) : undefined;
  const unsupported = literals.filter((l) => l.source === 'unsupported').length;
  if (literals.length === 0) return <p className="hint">The program used no numbers.</p>;
  return (
    <>
      <p className={unsupported ? 'grounding-summary unsupported' : 'grounding-summary'}>
        {unsupported === 0
          ? `All ${literals.length} numbers are grounded.`
          : `${unsupported} of ${literals.length} numbers are unsupported.`}
      </p>
      <table className="grounding" aria-label="Grounding report">
        <thead>
          <tr>
            <th>Number</th>
            <th className="num">Value</th>
            <th>Source</th>
          </tr>
        </thead>
        <tbody>
          {literals.map((l, i) => {
            const cell = l.tableId ? at?.(l.tableId, l.row, l.col) : undefined;
            const target: EvidenceTarget | undefined =
              cell ??
              (l.blockId
                ? { type: 'paragraph', blockId: l.blockId }
                : l.tableId
                  ? { type: 'table', tableId: l.tableId }
                  : undefined);
            const where =
              l.tableId !== undefined
                ? `${l.tableId}${l.row !== undefined ? ` row ${l.row}` : ''}${l.col !== undefined ? `, col ${l.col}` : ''}`
                : l.blockId !== undefined
                  ? `paragraph ${l.paragraphIndex ?? l.blockId}`
                  : undefined;
            return (
              <tr key={i} className={`grounding-${l.source}`}>
                <td>
                  <code>{l.text}</code>
                  {l.via === 'read' && <span className="hint"> via cell()</span>}
                </td>
                <td className="num">
                  {l.value.toLocaleString('en-US', { maximumFractionDigits: 10 })}
                </td>
                <td>
                  <span className={`source-badge source-${l.source}`}>{SOURCE_TEXT[l.source]}</span>{' '}
                  {target && where ? (
                    <button type="button" className="link" onClick={() => onGo(target)}>
                      {where}
                    </button>
                  ) : (
                    where && <span className="hint">{where}</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
