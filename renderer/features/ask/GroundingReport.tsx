import type { GroundingLiteral } from '../../../shared/ask/ask';
import { citeFact } from '../../../shared/ask/reads';
import type { EvidenceTarget } from '../../../shared/document/evidence';
import type { Document } from '../../../shared/document';
import { gridToSource } from '../../../shared/document/grid-layout';
import {
  filingShort,
  openFilingTable,
  type CitePlace,
  type Placer,
} from '../../components/evidence/filing-cite';

interface Props {
  literals: GroundingLiteral[];
  model?: Document | undefined;
  onGo: (target: EvidenceTarget) => void;
  /** Where a literal's table or paragraph lies (an ask across filings: which filing). */
  place?: Placer | undefined;
}

const SOURCE_TEXT: Record<GroundingLiteral['source'], string> = {
  cell: 'cell',
  context: 'in the context',
  constant: 'constant',
  unsupported: 'unsupported',
};

type CellAt = ReturnType<typeof gridToSource>;

/** A literal's place, its source said as text, and how to go there. */
interface LiteralSource {
  p: CitePlace | undefined;
  here: boolean;
  where: string | undefined;
  go: (() => void) | undefined;
}

/** Where a literal came from, and the link there: in this document, or its own filing's table. */
function literalSource(
  l: GroundingLiteral,
  at: CellAt | undefined,
  onGo: Props['onGo'],
  place: Placer | undefined,
): LiteralSource {
  const id = l.tableId ?? l.blockId;
  const p = id !== undefined ? place?.(id) : undefined;
  const localTable = l.tableId !== undefined ? (p?.localId ?? l.tableId) : undefined;
  const localBlock = l.blockId !== undefined ? (p?.localId ?? l.blockId) : undefined;
  const here = p?.here ?? true;
  const cell = localTable && here ? at?.(localTable, l.row, l.col) : undefined;
  const target: EvidenceTarget | undefined =
    cell ??
    (localBlock
      ? { type: 'paragraph', blockId: localBlock }
      : localTable
        ? { type: 'table', tableId: localTable }
        : undefined);
  const where =
    localTable !== undefined
      ? `${localTable}${l.row !== undefined ? ` row ${l.row}` : ''}${l.col !== undefined ? `, col ${l.col}` : ''}`
      : localBlock !== undefined
        ? `paragraph ${l.paragraphIndex ?? localBlock}`
        : undefined;
  const go =
    !here && p?.documentId != null && localTable
      ? () => openFilingTable(p.documentId!, localTable, l.row, l.col)
      : here && target
        ? () => onGo(target)
        : undefined;
  return { p, here, where, go };
}

/** One number: its text (and how it was read), its value, its source with a link there. */
function GroundingRow({ l, source }: { l: GroundingLiteral; source: LiteralSource }) {
  const { p, here, where, go } = source;
  return (
    <tr className={`grounding-${l.source}`}>
      <td>
        <code>{l.text}</code>
        {l.via === 'read' && <span className="hint"> via {l.fact ? 'fact()' : 'cell()'}</span>}
      </td>
      <td className="num">{l.value.toLocaleString('en-US', { maximumFractionDigits: 10 })}</td>
      <td>
        <span className={`source-badge source-${l.source}`}>{SOURCE_TEXT[l.source]}</span>{' '}
        {p?.filing && (
          <span className="filing-badge" title={p.filing.company ?? undefined}>
            {filingShort(p.filing)}
          </span>
        )}{' '}
        {l.fact && <span className="fact-cite">{citeFact(l.fact)} </span>}
        {go && where ? (
          <button
            type="button"
            className="link"
            onClick={go}
            title={here ? undefined : 'Open this filing at the table'}
          >
            {where}
          </button>
        ) : (
          where && <span className="hint">{where}</span>
        )}
      </td>
    </tr>
  );
}

/**
 * Where every number the program used came from: a cell it read (linked; for a fact() read the
 * filer's concept and period too), a literal matching the retrieved context (linked to its
 * paragraph or cell), a known constant, or unsupported (red). In an ask across filings each
 * source names its filing, and a link to another filing opens that filing's table.
 */
export function GroundingReport({ literals, model, onGo, place }: Props) {
  const at = model ? gridToSource(model) : undefined;
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
          {literals.map((l, i) => (
            <GroundingRow key={i} l={l} source={literalSource(l, at, onGo, place)} />
          ))}
        </tbody>
      </table>
    </>
  );
}
