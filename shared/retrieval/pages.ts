/**
 * Ranking a paged document (a PDF) by page. FinanceBench-style questions are answered by a
 * page: a statement, a note, a paragraph of the MD&A. A page's evidence is its best unit plus
 * a damped share of the next few (a page where several units match is likelier the page than
 * one with a single lucky match, but ten weak matches must not beat one strong one), and the
 * first hits spread over the best pages: each round gives every page, best page first, its
 * next-best unit. Without pages (HTML, datasets) the ranking is left as it is. Pure.
 */

/**
 * Weight of the page's 2nd…(1 + PAGE_DEPTH)th best units added to its best; 0.25 chosen by
 * cross-validation (shared/retrieval/tuning.ts).
 */
export const PAGE_DAMPING = 0.25;
export const PAGE_DEPTH = 4;

export function pagesFirst<T>(
  ranked: readonly T[],
  pageOf: (item: T) => number | undefined,
  scoreOf: (item: T) => number,
  damping = PAGE_DAMPING,
  depth = PAGE_DEPTH,
): T[] {
  if (!ranked.some((x) => pageOf(x) !== undefined)) return [...ranked];
  // Units without a page stand alone, as if each were its own page.
  const groups = new Map<number | string, T[]>();
  ranked.forEach((x, i) => {
    const page = pageOf(x);
    const key = page ?? `unit ${i}`;
    const list = groups.get(key) ?? [];
    list.push(x);
    groups.set(key, list);
  });
  const pages = [...groups.values()].map((items, order) => {
    const sorted = items.map(scoreOf).sort((a, b) => b - a);
    const rest = sorted.slice(1, 1 + depth).reduce((a, b) => a + b, 0);
    return { items, order, score: sorted[0]! + damping * rest };
  });
  // Ties keep the order of the pages' best units (rank order, which keeps document order).
  pages.sort((a, b) => b.score - a.score || a.order - b.order);
  const out: T[] = [];
  for (let round = 0; out.length < ranked.length; round++)
    for (const p of pages) if (round < p.items.length) out.push(p.items[round]!);
  return out;
}
