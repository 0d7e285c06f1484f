import { contextNumbers } from '../ask/context-numbers';
import { groundLiteral } from '../ask/grounding';
import { programLiterals } from '../ask/program-literals';
import { gridToSource } from '../document/grid-layout';
import type { Document } from '../document';
import type { RetrievalHit } from '../retrieval/hit';
import type { TracedCell } from '../sandbox/types';
import { uniqueItems, type EvidenceItem } from './evidence-overlap';

/**
 * Which cells (and paragraphs) a model's program used, as evidence items. Two ways, best first:
 *  - the sandbox trace of the program (JavaScript PoT, re-run by main/gap): the cells it read
 *    through cell()/cellInfo(), which a program cannot forge;
 *  - its numeric literals matched to the document's numbers by the Ask panel's grounding rules
 *    (shared/ask/grounding.ts): imported Python PoT programs hard-code the numbers they use
 *    (`other_2018 = 56.7`), so a literal equal to a cell's value names that cell. Known
 *    constants (100, 1000, 12 …) are never linked; a value several cells show links the first.
 */

/** The cells a traced run read. */
export function tracedItems(
  document: Pick<Document, 'tables'>,
  reads: readonly Pick<TracedCell, 'tableId' | 'row' | 'col'>[],
): EvidenceItem[] {
  const at = gridToSource(document);
  const out: EvidenceItem[] = [];
  for (const r of reads) {
    const u = at(r.tableId, r.row, r.col);
    if (u) out.push(u);
  }
  return uniqueItems(out);
}

/** Every number of the document, as the grounding report matches literals against. */
export function documentNumbers(document: Pick<Document, 'tables' | 'blocks'>) {
  const hits: RetrievalHit[] = [
    ...document.tables.map((t): RetrievalHit => ({
      kind: 'table',
      blockId: t.id,
      text: '',
      score: 0,
    })),
    ...document.blocks
      .filter((b) => b.type === 'paragraph')
      .map((b): RetrievalHit => ({ kind: 'paragraph', blockId: b.id, text: '', score: 0 })),
  ];
  return contextNumbers(document, hits);
}

/** The cells and paragraphs a program's literals come from. */
export function literalItems(
  document: Pick<Document, 'tables' | 'blocks'>,
  program: string,
  numbers = documentNumbers(document),
): EvidenceItem[] {
  const at = gridToSource(document);
  const out: EvidenceItem[] = [];
  const seen = new Set<number>();
  for (const literal of programLiterals(program)) {
    if (seen.has(literal.value)) continue;
    seen.add(literal.value);
    const g = groundLiteral(literal, numbers);
    if (g.source !== 'context') continue;
    if (g.tableId !== undefined && g.row !== undefined && g.col !== undefined) {
      const u = at(g.tableId, g.row, g.col);
      if (u) out.push(u);
    } else if (g.blockId !== undefined) out.push({ type: 'paragraph', blockId: g.blockId });
  }
  return uniqueItems(out);
}
