import { z } from 'zod';
import type { RunComparison, RunReport } from './report';
import { FAILURE_CAUSES } from './failure-cause';
import { JudgeSummarySchema } from './judge';
import { DatasetFormat } from '../document/dataset-format';
import { RunMode, RunSource, RunStatus, RunVerdict } from './run';

// The zod shapes of shared/runs/report.ts's results, for the API contract. The `satisfies`
// checks below keep them and the TypeScript interfaces from drifting apart.

const Interval = z.object({ low: z.number(), high: z.number() });
/** shared/runs/model-time.ts ModelTime. */
const ModelTimeSchema = z.object({
  timed: z.number().int(),
  cached: z.number().int(),
  medianSeconds: z.number().nullable(),
  p90Seconds: z.number().nullable(),
  meanSeconds: z.number().nullable(),
  totalSeconds: z.number().nullable(),
});
const Outcome = RunVerdict.shape.outcome;
const FailureCause = z.enum(FAILURE_CAUSES);

/** A row of shared/grading/default-scorers.ts. */
const DefaultScorerRowSchema = z.object({
  format: DatasetFormat,
  label: z.string(),
  questionTypes: z.string(),
  scorer: z.enum(['strict', 'analyst']),
  parity: z.enum(['tatqa', 'finqa', 'multihiertt', 'docmath']).nullable(),
  why: z.string(),
});

/** shared/runs/method.ts ReportMethod: a run report's and a session's results' Method list. */
export const ReportMethodSchema = z.object({
  defaults: DefaultScorerRowSchema,
  scorers: z.array(
    z.object({
      id: z.string(),
      version: z.string(),
      role: z.enum(['default', 'parity', 'imported', 'other']),
      gradedAgainst: z.string().nullable(),
      goldVersions: z.array(z.string().nullable()).optional(),
      verdicts: z.number().int().optional(),
      stale: z.number().int().optional(),
    }),
  ),
});

export const RunReportSchema = z.object({
  runId: z.number().int(),
  model: z.string(),
  mode: RunMode.nullable(),
  status: RunStatus,
  source: RunSource,
  datasetId: z.number().int().nullable(),
  datasetName: z.string(),
  n: z.number().int(),
  total: z.number().int(),
  unanswered: z.number().int(),
  datasetChanged: z.boolean(),
  scorer: z.string(),
  method: ReportMethodSchema,
  scorers: z.array(
    z.object({
      scorer: z.string(),
      version: z.string(),
      n: z.number().int(),
      correct: z.number().int(),
      accuracy: z.number(),
    }),
  ),
  accuracy: z.record(z.string(), z.number()),
  intervals: z.record(
    z.string(),
    z.object({ wilson: Interval, bootstrap: Interval, clusters: z.number().int() }),
  ),
  subsets: z.object({
    columns: z.array(z.string()),
    n: z.record(z.string(), z.number().int()),
    accuracy: z.record(z.string(), z.record(z.string(), z.number())),
  }),
  executionRate: z.number().nullable(),
  modelTime: ModelTimeSchema,
  breakdowns: z.array(
    z.object({
      by: z.enum(['answer type', 'evidence source']),
      groups: z.array(
        z.object({
          value: z.string(),
          n: z.number().int(),
          accuracy: z.record(z.string(), z.number()),
        }),
      ),
    }),
  ),
  failures: z.array(
    z.object({ cause: FailureCause, count: z.number().int(), examples: z.array(z.string()) }),
  ),
  items: z.array(
    z.object({
      questionId: z.number().int().nullable(),
      externalId: z.string(),
      question: z.string().nullable(),
      subset: z.string(),
      outcome: Outcome.nullable(),
      correct: z.boolean().nullable(),
      rule: z.string().nullable(),
      answer: z.string().nullable(),
      cause: FailureCause.nullable(),
      verdicts: z.record(
        z.string(),
        z.object({ correct: z.boolean(), outcome: Outcome, rule: z.string() }),
      ),
    }),
  ),
  judges: z.record(z.string(), JudgeSummarySchema).optional(),
});

const FlipSide = z.object({ rule: z.string(), answer: z.string().nullable() });
export const RunComparisonSchema = z.object({
  runA: z.number().int(),
  runB: z.number().int(),
  scorer: z.string(),
  paired: z.number().int(),
  onlyA: z.number().int(),
  onlyB: z.number().int(),
  accuracyA: z.number(),
  accuracyB: z.number(),
  difference: z.number(),
  mcnemar: z.object({ aOnly: z.number().int(), bOnly: z.number().int(), pValue: z.number() }),
  bootstrap: z.object({ low: z.number(), high: z.number(), pValue: z.number() }),
  modelTime: z.object({ a: ModelTimeSchema, b: ModelTimeSchema }),
  flips: z.array(
    z.object({
      questionId: z.number().int().nullable(),
      externalId: z.string(),
      rightIn: z.enum(['a', 'b']),
      a: FlipSide,
      b: FlipSide,
    }),
  ),
});

// Compile-time: every report the code builds fits the schema, and the schema says no more.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const reportFits: Same<z.infer<typeof RunReportSchema>, RunReport> = true;
const comparisonFits: Same<z.infer<typeof RunComparisonSchema>, RunComparison> = true;
void reportFits;
void comparisonFits;
