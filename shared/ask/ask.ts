import { z } from 'zod';
import { GenerationParams, Usage } from '../llm/provider';
import { RetrievalHit, RetrievalOptions } from '../retrieval/hit';
import { ASK_MODES } from './ask-mode';
import { AskFiling, MAX_ASK_DOCUMENTS } from './filings';

/**
 * How the model answers: `direct` (the answer only), `cot` (reasoning ending "Therefore, the
 * answer is …"), `pot` (a JavaScript `function solution()` run in the sandbox, reading numbers
 * with `cell(...)`), `table-first` (after TACT: first the cell references it needs, then a
 * program over them), `pot-python` (DocMath-Eval's Python `def solution():`, run in the Pyodide
 * sandbox).
 */
export const AskMode = z.enum(ASK_MODES);
export type AskMode = z.infer<typeof AskMode>;

export const AskRequest = z
  .object({
    /** Chosen by the caller (a UUID) before the call, so it can follow `ask.progress` and cancel. */
    askId: z.string().min(8).max(64),
    /** A library or dataset-record document; or the document of `questionId`. */
    documentId: z.number().int().optional(),
    /**
     * Several library documents asked about together (issue 27): retrieval runs across them,
     * the prompt labels each item with its filing, cell() and fact() reach all of them. One id
     * is the same as `documentId`.
     */
    documentIds: z
      .array(z.number().int())
      .min(1, 'name at least one document')
      .max(MAX_ASK_DOCUMENTS, `at most ${MAX_ASK_DOCUMENTS} documents in one ask`)
      .optional(),
    /** A stored dataset question: its text, document and gold (for the grade). */
    questionId: z.number().int().optional(),
    /** The question; may be omitted with `questionId`. */
    question: z.string().trim().min(1).max(4000).optional(),
    mode: AskMode,
    providerId: z.number().int(),
    model: z.string().min(1),
    params: GenerationParams.optional(),
    retrieval: RetrievalOptions.optional(),
    /** Self-consistency: k samples, majority vote on normalised answers (1 = off). */
    samples: z.number().int().min(1).max(15).optional(),
    /** A saved prompt template to use instead of the mode's default (ask.templates). */
    templateId: z.string().min(1).optional(),
  })
  .strict();
export type AskRequest = z.infer<typeof AskRequest>;

/** Where a number a program used came from (the grounding report). */
export const GroundingSource = z.enum(['cell', 'context', 'constant', 'unsupported']);
export type GroundingSource = z.infer<typeof GroundingSource>;

/**
 * A fact a program read through fact() (issue 27): the concept, its fiscal period label
 * ("FY2024", "Q3 2024"; null for other spans) and period end (ISO), its dimensions.
 */
export const FactCitation = z.object({
  concept: z.string(),
  label: z.string().nullable(),
  end: z.string(),
  dimensions: z.record(z.string(), z.string()),
});
export type FactCitation = z.infer<typeof FactCitation>;

export const GroundingLiteral = z.object({
  /** As written in the program (a literal) or as displayed in the cell (a `cell()` read). */
  text: z.string(),
  value: z.number(),
  source: GroundingSource,
  /** `read`: the number came through cell(); `literal`: it was written in the program. */
  via: z.enum(['read', 'literal']),
  tableId: z.string().optional(),
  /** Grid positions, as in CellRead. */
  row: z.number().int().optional(),
  col: z.number().int().optional(),
  paragraphIndex: z.number().int().optional(),
  /** The block the context match lies in (a paragraph id), for linking. */
  blockId: z.string().optional(),
  /** The document the cell or paragraph is in, in an ask across several (issue 27). */
  documentId: z.number().int().optional(),
  /** Read through fact(): the fact's concept and period, cited beside its cell. */
  fact: FactCitation.optional(),
});
export type GroundingLiteral = z.infer<typeof GroundingLiteral>;

/**
 * A cell a program read through cell()/cellInfo(), as the trace recorded it. `row` and `col`
 * are grid positions (what `cell(tableId, row, col)` takes and the cell details show), not the
 * source row and column; null when the read went by header path to a cell with no position.
 */
export const CellRead = z.object({
  tableId: z.string(),
  row: z.number().int().nullable(),
  col: z.number().int().nullable(),
  value: z.number().nullable(),
  text: z.string().nullable(),
  scale: z.number().nullable(),
  unit: z.string().nullable(),
  /**
   * Read through fact() (issue 27): the tagged fact's concept, its fiscal period label
   * ("FY2024", "Q3 2024"; null for other spans) and period end (ISO), so the grounding report
   * can cite them beside the cell.
   */
  fact: FactCitation.optional(),
  /** The document the cell is in, in an ask across several filings (issue 27). */
  documentId: z.number().int().optional(),
});
export type CellRead = z.infer<typeof CellRead>;

export const AskAnswer = z.object({
  /** The answer as stated (the model's final line, or the program's result formatted). */
  text: z.string(),
  value: z.number().nullable(),
  unit: z.string().nullable(),
  /** Multiplier to base units of `value` (1e6 for "in millions"), null when unknown. */
  scale: z.number().nullable(),
});
export type AskAnswer = z.infer<typeof AskAnswer>;

export const AskGrade = z.object({
  correct: z.boolean(),
  scorer: z.string(),
  /** The scorer's version and the gold version graded against (absent in asks stored before). */
  scorerVersion: z.string().optional(),
  goldVersion: z.string().nullable().optional(),
  rule: z.string(),
  outcome: z.string(),
  gold: z.string(),
});
export type AskGrade = z.infer<typeof AskGrade>;

/** One answered question, as stored in the history and shown in the Ask panel. */
export const AskResult = z.object({
  /** The history row id. */
  id: z.number().int(),
  askId: z.string(),
  createdAt: z.string(),
  /** The document asked about; the first of `documentIds` in an ask across several. */
  documentId: z.number().int().nullable(),
  /** Every document of an ask across several filings, in the order asked (issue 27). */
  documentIds: z.array(z.number().int()).optional(),
  /** The filings an ask across several covered, as the prompt labelled them. */
  filings: z.array(AskFiling).optional(),
  questionId: z.number().int().nullable(),
  question: z.string(),
  mode: AskMode,
  providerId: z.number().int().nullable(),
  model: z.string(),
  /** The model's full output (the winning sample's under self-consistency). */
  output: z.string(),
  answer: AskAnswer,
  program: z.string().nullable(),
  execution: z
    .object({
      ok: z.boolean(),
      value: z.union([z.number(), z.string(), z.boolean()]).nullable(),
      error: z.string().nullable(),
    })
    .nullable(),
  /** True when the first program failed and the repair round's program is the one shown. */
  repaired: z.boolean(),
  reads: z.array(CellRead),
  grounding: z.object({ literals: z.array(GroundingLiteral) }).nullable(),
  evidence: z.array(RetrievalHit),
  usage: Usage,
  /** Under self-consistency: each sample's normalised answer and the vote. */
  samples: z.array(z.object({ answer: z.string(), value: z.number().nullable() })).nullable(),
  grade: AskGrade.nullable(),
  costUsd: z.number().nullable(),
  /** Milliseconds spent outside the model (retrieval, prompt, sandbox, grading). */
  overheadMs: z.number().nonnegative(),
  /** Milliseconds waiting for the model, backoff included. */
  modelMs: z.number().nonnegative(),
});
export type AskResult = z.infer<typeof AskResult>;

/** Streaming: what an ask is doing, and the model's text as it arrives. */
export const AskPhase = z.enum(['retrieving', 'generating', 'executing', 'repairing', 'grading']);
export type AskPhase = z.infer<typeof AskPhase>;

/** A prompt template: visible and editable; `builtin` ones can be copied, not changed. */
export const PromptTemplate = z
  .object({
    id: z.string().min(1).max(64),
    name: z.string().min(1).max(120),
    mode: AskMode,
    builtin: z.boolean(),
    /** Placeholders: {question}, {context}, {helpers} (the sandbox's cell() help). */
    system: z.string(),
    user: z.string(),
  })
  .strict();
export type PromptTemplate = z.infer<typeof PromptTemplate>;
