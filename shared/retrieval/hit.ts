import { z } from 'zod';
import { PASSAGE_KINDS } from './passage-kind';

/**
 * What retrieval returns and ranks: a cell (its sentence with header paths, unit and scale), a
 * row (its label and every value with column paths), a table (caption and rows), or a
 * paragraph (for dataset documents, the dataset's own paragraph or sentence).
 */
export const HitKind = z.enum(['cell', 'row', 'table', 'paragraph']);
export type HitKind = z.infer<typeof HitKind>;

/**
 * The unit of retrieval: `cell` ranks cells and paragraphs, `row` rows and paragraphs, `block`
 * whole tables and paragraphs.
 */
export const PassageKind = z.enum(PASSAGE_KINDS);
export type PassageKind = z.infer<typeof PassageKind>;

export const RetrievalHit = z.object({
  kind: HitKind,
  /** The block (paragraph id or table id) the hit lies in. */
  blockId: z.string(),
  /** Tables: `Table.sourceIndex` (for dataset documents the dataset's own table index). */
  tableSourceIndex: z.number().int().nonnegative().optional(),
  sourceRow: z.number().int().nonnegative().optional(),
  sourceCol: z.number().int().nonnegative().optional(),
  /** 1-based page of a PDF-backed document. */
  page: z.number().int().positive().optional(),
  /** Dataset documents: the dataset's own paragraph or sentence index. */
  paragraphIndex: z.number().int().nonnegative().optional(),
  /** The indexed text (a cell sentence, a row line, a table summary, a paragraph). */
  text: z.string(),
  /** Higher is better (negated bm25, or the fused score). */
  score: z.number(),
  /**
   * With dense embeddings: the hit's 1-based rank in the BM25 ranking and in the embedding
   * ranking before reciprocal rank fusion (absent where it was not ranked there).
   */
  ranks: z
    .object({
      bm25: z.number().int().positive().optional(),
      dense: z.number().int().positive().optional(),
    })
    .optional(),
});
export type RetrievalHit = z.infer<typeof RetrievalHit>;

export const RetrievalOptions = z
  .object({
    k: z.number().int().min(1).max(200).optional(),
    unit: PassageKind.optional(),
    /** Tokens the context builder may fill with the hits (tables serialised with addresses). */
    tokenBudget: z.number().int().min(200).max(1_000_000).optional(),
    /** Fuse dense embeddings from this provider with BM25 (reciprocal rank fusion, k = 60). */
    embeddings: z
      .object({ providerId: z.number().int(), model: z.string().min(1) })
      .strict()
      .optional(),
  })
  .strict();
export type RetrievalOptions = z.infer<typeof RetrievalOptions>;

/** A search across all the workspace's indexed documents (`retrieval.searchAll`). */
export const WorkspaceSearchOptions = z
  .object({
    k: z.number().int().min(1).max(200).optional(),
    unit: PassageKind.optional(),
    /** How many of the best-ranked documents have their units searched (default 3). */
    documents: z.number().int().min(1).max(50).optional(),
  })
  .strict();
export type WorkspaceSearchOptions = z.infer<typeof WorkspaceSearchOptions>;

export const WorkspaceHit = RetrievalHit.extend({ documentId: z.number().int() });
export type WorkspaceHit = z.infer<typeof WorkspaceHit>;

export const WorkspaceSearchResult = z.object({
  hits: z.array(WorkspaceHit),
  /** The documents whose units were searched, best first. */
  documents: z.array(z.number().int()),
  /**
   * Documents with a retrieval index (what the search covers): a document is indexed on its
   * first search, so a library file never searched is not yet among them.
   */
  indexed: z.number().int().nonnegative(),
});
export type WorkspaceSearchResult = z.infer<typeof WorkspaceSearchResult>;
