import type { Block, Table } from '../../../shared/document';
import { bodySize, pageBlocks, type FlowItem } from './blocks';
import { layoutPage } from './layout';
import { readLine } from './line-cells';
import type { Line } from './lines';
import type { PageText } from './page-text';
import { buildTable } from './table-build';
import { detectTables } from './table-detect';

export interface ParsedPage {
  page: number;
  tables: Table[];
  blocks: Block[];
  /** Lines of text found (0: a scanned page without a text layer). */
  lineCount: number;
}

/** Lines, tables and blocks of one page. Pure: the words in, the model out. */
export function parsePage(text: PageText): ParsedPage {
  const { flows } = layoutPage(text.words, text.view);
  const tables: Table[] = [];
  const flowItems: FlowItem[][] = [];
  for (const flow of flows) {
    const cellLines = flow.map(readLine);
    const regions = detectTables(cellLines);
    const items: FlowItem[] = [];
    const inTable = new Map<Line, number>();
    regions.forEach((r, k) => {
      for (const l of [...r.band, ...r.body]) inTable.set(l.line, k);
    });
    const built = regions.map((r, k) => buildTable(r, text.page, tables.length + k));
    const emitted = new Set<number>();
    for (const l of flow) {
      const k = inTable.get(l);
      if (k === undefined) {
        items.push({ kind: 'line', line: l });
        continue;
      }
      if (emitted.has(k)) continue;
      emitted.add(k);
      const t = built[k] as Table;
      if (t.location.kind === 'pdf') items.push({ kind: 'table', id: t.id, box: t.location.box });
    }
    tables.push(...built);
    flowItems.push(items);
  }
  const all = flows.flat();
  return {
    page: text.page,
    tables,
    blocks: pageBlocks(flowItems, text.page, bodySize(all)),
    lineCount: all.length,
  };
}
