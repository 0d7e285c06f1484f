import { DEFAULT_BM25F, type Bm25fParams } from './bm25f';
import { PAGE_DAMPING, PAGE_DEPTH } from './pages';

/**
 * The settings retrieval's ranking rules were chosen with, in one place, so the recall bench
 * can choose them by cross-validation (test/bench/retrieval-recall.ts `--cv`: each fold's
 * questions are ranked with the settings chosen on the other folds) and the product uses the
 * defaults. Not part of the API: a caller of `retrieval.search` cannot change them.
 */
export interface RetrievalTuning {
  bm25: Bm25fParams;
  /** Units of a statement the question asks for score this many times more. */
  statementBoost: number;
  /** A page's score: its best unit + damping × its next `pageDepth` units. */
  pageDamping: number;
  pageDepth: number;
}

/**
 * How much more a unit of a statement the question asks for scores (×3): enough to lift the
 * cash flow statement over a note that repeats "capital expenditures" in a sentence. Chosen
 * by cross-validation with the other settings here (×1, ×1.5, ×2 and ×3 were in the grid; the folds
 * chose ×3 20 times in 25, ×1.5 5 times).
 */
export const STATEMENT_BOOST = 3;

export const DEFAULT_TUNING: RetrievalTuning = {
  bm25: DEFAULT_BM25F,
  statementBoost: STATEMENT_BOOST,
  pageDamping: PAGE_DAMPING,
  pageDepth: PAGE_DEPTH,
};
