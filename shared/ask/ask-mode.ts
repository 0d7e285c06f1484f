/**
 * The ask modes (see `AskMode` in `ask.ts`), apart from its zod schemas: the Ask panel lists
 * them as the document view opens, and importing `ask.ts` would load zod and build every ask
 * schema first (issue 26). `AskMode` is `z.enum(ASK_MODES)`.
 */
export const ASK_MODES = ['direct', 'cot', 'pot', 'table-first', 'pot-python'] as const;

export type AskModeName = (typeof ASK_MODES)[number];

/** The mode a string names; throws on anything else (as `AskMode.parse` does). */
export function parseAskMode(value: string): AskModeName {
  const mode = ASK_MODES.find((m) => m === value);
  if (mode === undefined) throw new Error(`unknown ask mode "${value}"`);
  return mode;
}
