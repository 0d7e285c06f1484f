import type { HitKind } from './hit';

/**
 * BM25F (Robertson, Zaragoza & Taylor 2004; Zaragoza et al., TREC 2004) over one document's
 * units: a term's occurrences in the unit's columns are weighted and length-normalised per
 * column, summed, then saturated once, so a word in the header path counts `headers` times a
 * word in the text but a long paragraph is not outscored by repeating it.
 *
 *   tf~(t, u) = Σ_c w_c · tf_c(t, u) / ((1 − b_c) + b_c · len_c(u) / avglen_c(kind of u))
 *   score(u)  = Σ_t idf(t) · tf~ · (k1 + 1) / (k1 + tf~)
 *   idf(t)    = ln(1 + (N − n_t + 0.5) / (n_t + 0.5))
 *
 * N and n_t count the document's units of the kinds ranked, not the whole workspace, so a
 * document ranks the same in the workspace and in memory; this IDF (Lucene's) never reaches
 * zero, unlike FTS5's bm25(), which drops terms found in over half the units (in one table
 * those are exactly its header words: "Trading account assets" on every row).
 * FTS5 finds which units hold a term in which column; tf_c is 1 when the column holds it
 * (FTS5 gives no counts without stored content; units are short, so little is lost).
 */
export interface Bm25fParams {
  /** Column weights: text, headers, caption. */
  weights: readonly [number, number, number];
  /** Length normalisation per column. */
  b: readonly [number, number, number];
  k1: number;
  /**
   * Weight of a cell's row path, in the column where a table has its caption (units.ts): a
   * cell matching the question through its row label gets this on top of its headers match,
   * one through its column header does not. 0: row and column count alike. A question names
   * the line item it wants in several words ("Total operating revenues", "Securities
   * loaned") and the column mostly by a year, so a match on the row label is the stronger
   * evidence; fields weighted apart are what BM25F is for. 0.5 chosen by cross-validation
   * (tuning.ts; 0, 0.5, 1 and 2 were in the grid, the folds chose 0.5 24 times in 25).
   */
  rowPath: number;
}

/**
 * Header paths weigh most: a cell is found by what its row and column are called, which its
 * own text (a number) never says. k1 = 0.9 is Anserini's default. Header weight 2 and b = 0.4
 * (light length normalisation: a long header path or a PDF's long lines are not penalised as
 * much as b = 0.75 would) were chosen by cross-validation over a grid of settings on the
 * MultiHiertt and FinanceBench questions (shared/retrieval/tuning.ts, docs/BENCHMARKS.md,
 * Retrieval: the setting chosen on all questions; with the row-path weight in the grid, every
 * fold of 25 chose header weight 2, k1 0.9 and b 0.4).
 */
export const DEFAULT_BM25F: Bm25fParams = {
  weights: [1, 2, 0.5],
  b: [0.4, 0.4, 0.4],
  k1: 0.9,
  rowPath: 0.5,
};

export interface ScoredPassage {
  kind: HitKind;
  /** Tokens per column: text, headers, caption. */
  lens: readonly [number, number, number];
  blockId: string;
  /** A paragraph leading into a table: the table's block id. */
  leadInOf?: string;
}

/**
 * Scores of the units (by index) that hold at least one term. `postings[t]` maps a unit index
 * to a bit mask of the columns holding term t (1 text, 2 headers, 4 caption).
 */
export function bm25fScores(
  units: readonly ScoredPassage[],
  postings: readonly Map<number, number>[],
  kinds: ReadonlySet<HitKind>,
  params: Bm25fParams = DEFAULT_BM25F,
  /** Per term (same order as postings); 1 when absent. */
  termWeights: readonly number[] = [],
): Map<number, number> {
  // Average column lengths per kind: a paragraph's length is judged against paragraphs, a
  // cell's against cells (a paragraph is always long next to a cell).
  const sums = new Map<HitKind, { n: number; len: [number, number, number] }>();
  let n = 0;
  for (const u of units) {
    if (!kinds.has(u.kind)) continue;
    n++;
    const s = sums.get(u.kind) ?? { n: 0, len: [0, 0, 0] };
    s.n++;
    for (let c = 0; c < 3; c++) s.len[c]! += u.lens[c]!;
    sums.set(u.kind, s);
  }
  const avgOf = new Map<HitKind, number[]>();
  for (const [kind, s] of sums)
    avgOf.set(
      kind,
      s.len.map((l) => Math.max(l / s.n, 1)),
    );
  const scores = new Map<number, number>();
  for (const [t, posting] of postings.entries()) {
    const weight = termWeights[t] ?? 1;
    let df = 0;
    for (const i of posting.keys()) if (kinds.has(units[i]!.kind)) df++;
    if (df === 0) continue;
    const idf = weight * Math.log(1 + (n - df + 0.5) / (df + 0.5));
    for (const [i, mask] of posting) {
      const u = units[i]!;
      if (!kinds.has(u.kind)) continue;
      const avg = avgOf.get(u.kind)!;
      let tf = 0;
      for (let c = 0; c < 3; c++) {
        if ((mask & (1 << c)) === 0) continue;
        const norm = 1 - params.b[c]! + (params.b[c]! * u.lens[c]!) / avg[c]!;
        // Column 2 is a table's caption but a cell's row path (units.ts), weighed apart.
        const w = c === 2 && u.kind === 'cell' ? params.rowPath : params.weights[c]!;
        tf += w / norm;
      }
      scores.set(i, (scores.get(i) ?? 0) + (idf * tf * (params.k1 + 1)) / (params.k1 + tf));
    }
  }
  // A table's lead-in sentence ("The following table presents …:") says what the table's
  // numbers are: it ranks with the table's best unit (its own score added), so evidence
  // from a table comes with the sentence that explains it.
  // Ranking whole tables, the table hit itself stands for its lead-in (a table without a
  // caption is indexed with its lead-in), so the sentence is not promoted twice.
  if (kinds.has('paragraph') && !kinds.has('table')) {
    const best = new Map<string, number>();
    for (const [i, score] of scores) {
      const u = units[i]!;
      if (u.kind !== 'paragraph') best.set(u.blockId, Math.max(best.get(u.blockId) ?? 0, score));
    }
    units.forEach((u, i) => {
      const table = u.leadInOf === undefined ? undefined : best.get(u.leadInOf);
      if (table !== undefined && kinds.has(u.kind)) scores.set(i, (scores.get(i) ?? 0) + table);
    });
  }
  return scores;
}
