import type { SandboxTable, TraceEntry } from '../sandbox/types';
import type { CellRead } from './ask';
import { splitQualifiedId } from './filing-id';
import { compact } from '../util/compact';

/**
 * The cells a program read, from the sandbox's trace (recorded by the host, so a program cannot
 * forge it), with each cell's text as filed looked up in the tables it ran against. Failed
 * lookups (the program saw an exception) and table() calls are left out: a table() copy does
 * not say which of its cells the answer used; so are facts() lists. A fact() read is the cell
 * that shows the fact, with the fact's concept and period.
 */
export function readsFromTrace(
  trace: readonly TraceEntry[],
  tables: readonly SandboxTable[],
): CellRead[] {
  const byId = new Map(tables.map((t) => [t.id, t]));
  const out: CellRead[] = [];
  for (const t of trace) {
    if (t.fn === 'table' || t.fn === 'facts' || t.value === null) continue;
    const [tableId] = t.args;
    const fact =
      t.fn === 'fact' && t.fact
        ? {
            concept: t.fact.concept,
            label: t.fact.label,
            end: 'instant' in t.fact.period ? t.fact.period.instant : t.fact.period.end,
            dimensions: t.fact.dimensions,
          }
        : undefined;
    if (t.cell) {
      const { row, col } = t.cell;
      const source = byId.get(t.cell.tableId)?.cells.find((c) => c.row === row && c.col === col);
      // An ask across filings qualifies table ids ("d12:t21"): the read names its document.
      const documentId = splitQualifiedId(t.cell.tableId)?.documentId;
      out.push({
        tableId: t.cell.tableId,
        row,
        col,
        value: t.cell.value,
        text: source?.text ?? null,
        scale: t.cell.scale,
        unit: t.cell.unit,
        ...(fact ? { fact } : {}),
        ...compact({ documentId }),
      });
    } else if (t.fn !== 'fact') {
      // A hand-made table without grid positions: the value is all the trace knows.
      out.push({
        tableId,
        row: null,
        col: null,
        value: t.value,
        text: null,
        scale: null,
        unit: null,
      });
    }
  }
  return out;
}

/**
 * How the grounding report cites a fact a program read with fact(): "us-gaap:Revenues, FY2025
 * (ended 2025-01-26)", with its dimensions' members ("…; nvda:GraphicsSegmentMember").
 */
export function citeFact(fact: NonNullable<CellRead['fact']>): string {
  const members = Object.values(fact.dimensions);
  const when = fact.label ? `${fact.label} (ended ${fact.end})` : `ended ${fact.end}`;
  return `${fact.concept}, ${when}${members.length > 0 ? `; ${members.join(', ')}` : ''}`;
}
