import { z } from 'zod';

/**
 * The Facts panel of a company (issue 27): which filings it reads, the concepts a search finds
 * among their tagged facts, and one concept's values across the filings and periods, each with
 * the cell it appears in. The API's shapes (facts.search, facts.series); pure.
 */

/** Whose facts: a company as the Library groups it (key, CIK or name), or chosen filings. */
export const FactsSubject = z
  .object({
    /** A company key ("cik:0000012927"), a CIK, or a name: shared/library/company-groups findCompany. */
    company: z.string().min(1).max(300).optional(),
    documentIds: z.array(z.number().int()).min(1).max(200).optional(),
  })
  .strict()
  .refine((s) => (s.company === undefined) !== (s.documentIds === undefined), {
    message: 'name a company or a list of documents, not both',
  });
export type FactsSubject = z.infer<typeof FactsSubject>;

/** A filing whose facts were read (or could not be). */
export const FactsFiling = z.object({
  documentId: z.number().int(),
  name: z.string(),
  form: z.string().nullable(),
  periodEnd: z.string().nullable(),
  /** "FY2024", "Q2 2025" (shared/library/filing-facts fiscalPeriodLabel). */
  fiscalPeriod: z.string().nullable(),
  /** Facts in its tables; 0 for a filing without inline XBRL. */
  factCount: z.number().int(),
  /** Why its facts could not be read (a parse that failed); null when they were. */
  error: z.string().nullable(),
});
export type FactsFiling = z.infer<typeof FactsFiling>;

export const FactsCompany = z.object({
  key: z.string(),
  name: z.string().nullable(),
  cik: z.string().nullable(),
});

const Period = z.union([
  z.object({ instant: z.string() }).strict(),
  z.object({ start: z.string(), end: z.string() }).strict(),
]);

export const FactCellRef = z.object({
  tableId: z.string(),
  row: z.number().int(),
  col: z.number().int(),
});
export type FactCellRef = z.infer<typeof FactCellRef>;

/** A concept a search found, with what tells it apart from its neighbours. */
export const ConceptMatch = z.object({
  concept: z.string(),
  /** The labels of the rows it appears on, most used first (at most 3). */
  rowLabels: z.array(z.string()),
  /** Filings that tag it, facts (periods × dimensions), facts without dimensions. */
  filings: z.number().int(),
  facts: z.number().int(),
  plainFacts: z.number().int(),
});
export type ConceptMatch = z.infer<typeof ConceptMatch>;

export const FactsSearchInput = z
  .object({
    subject: FactsSubject,
    /** Words of a concept name or a row label ("revenues", "Total net sales"); '' lists all. */
    query: z.string().max(200),
    limit: z.number().int().min(1).max(500).optional(),
  })
  .strict();

export const FactsSearchResult = z.object({
  company: FactsCompany.nullable(),
  filings: z.array(FactsFiling),
  concepts: z.array(ConceptMatch),
  /** Concepts that matched in all, of which `concepts` holds the first `limit`. */
  total: z.number().int(),
});
export type FactsSearchResult = z.infer<typeof FactsSearchResult>;

/** One value of a concept: a fact of one filing, for one period. */
export const SeriesPoint = z.object({
  documentId: z.number().int(),
  concept: z.string(),
  period: Period,
  /** "FY2024", "Q2 2025", "H1 2025", "9M 2025"; null for other spans. */
  label: z.string().nullable(),
  /** Months the period spans (3, 6, 9, 12); 0 for a balance at an instant; null otherwise. */
  months: z.number().int().nullable(),
  unit: z.string().nullable(),
  decimals: z.union([z.number().int(), z.literal('INF')]).nullable(),
  /** As the cell shows it; value × scale = base. */
  value: z.number(),
  scale: z.number(),
  base: z.number(),
  /** Where it is shown: the first is the one a link opens. */
  cells: z.array(FactCellRef).min(1),
  rowLabel: z.string().nullable(),
});
export type SeriesPoint = z.infer<typeof SeriesPoint>;

export const FactsSeriesInput = z
  .object({
    subject: FactsSubject,
    concept: z.string().min(1).max(300),
    /** Axis → member; {} (the default) for the facts without dimensions. */
    dimensions: z.record(z.string(), z.string()).optional(),
  })
  .strict();

export const FactsSeriesResult = z.object({
  company: FactsCompany.nullable(),
  filings: z.array(FactsFiling),
  concept: z.string(),
  dimensions: z.record(z.string(), z.string()),
  /** Oldest period first; a period several filings report appears once per filing. */
  points: z.array(SeriesPoint),
  /** The concept's dimension sets in these filings (with how many facts), for choosing one. */
  dimensionSets: z.array(
    z.object({ dimensions: z.record(z.string(), z.string()), facts: z.number().int() }),
  ),
});
export type FactsSeriesResult = z.infer<typeof FactsSeriesResult>;
