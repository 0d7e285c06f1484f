/**
 * The units of retrieval (see `PassageKind` in `hit.ts`), apart from its zod schemas: the Ask
 * panel lists them as the document view opens, and importing `hit.ts` would load zod and build
 * its schemas first (issue 26). `PassageKind` is `z.enum(PASSAGE_KINDS)`.
 */
export const PASSAGE_KINDS = ['cell', 'row', 'block'] as const;

export type PassageKindName = (typeof PASSAGE_KINDS)[number];

/** The unit a string names; throws on anything else (as `PassageKind.parse` does). */
export function parsePassageKind(value: string): PassageKindName {
  const kind = PASSAGE_KINDS.find((k) => k === value);
  if (kind === undefined) throw new Error(`unknown retrieval unit "${value}"`);
  return kind;
}
