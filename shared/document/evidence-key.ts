/**
 * The evidence key, apart from the zod schemas of `evidence.ts`: the document view marks and
 * finds evidence by key as it opens, and importing `evidence.ts` for it would load zod and
 * build those schemas first (docs/BENCHMARKS.md, issue 26). The target's shape is written out
 * here, not imported, so this file depends on nothing; `EvidenceTarget` fits it.
 */
export type EvidenceKeyTarget =
  | { type: 'paragraph'; blockId: string }
  | { type: 'table'; tableId: string }
  | { type: 'row'; tableId: string; sourceRow: number }
  | { type: 'cell'; tableId: string; sourceRow: number; sourceCol: number }
  | { type: 'page'; page: number };

/** One string per target, so "is this marked?" is a set lookup and the DB can enforce unique. */
export function evidenceKey(t: EvidenceKeyTarget): string {
  switch (t.type) {
    case 'paragraph':
      return `p:${t.blockId}`;
    case 'table':
      return `t:${t.tableId}`;
    case 'row':
      return `r:${t.tableId}:${t.sourceRow}`;
    case 'cell':
      return `c:${t.tableId}:${t.sourceRow}:${t.sourceCol}`;
    case 'page':
      return `g:${t.page}`;
  }
}
