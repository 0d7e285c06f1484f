// Helpers of the tests that change a Document entry by entry and compare the in-place check
// (shared/document/document-parse.generated.ts) with zod.

/** JSON with key order, undefined-valued keys and non-finite numbers all visible. */
export const exact = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x === undefined ? '<undefined>' : typeof x === 'number' && !Number.isFinite(x) ? String(x) : x,
  );

/** The path of every entry (object key or array index) inside `root`, depth first. */
export function entryPaths(root: unknown): (string | number)[][] {
  const out: (string | number)[][] = [];
  const walk = (v: unknown, path: (string | number)[]) => {
    if (typeof v !== 'object' || v === null) return;
    const keys = Array.isArray(v) ? v.map((_x, i) => i) : Object.keys(v);
    for (const k of keys) {
      out.push([...path, k]);
      walk((v as Record<string | number, unknown>)[k], [...path, k]);
    }
  };
  walk(root, []);
  return out;
}
