import { z } from 'zod';
import { GenerationParams, SecretName } from '../llm/provider';
import { DatasetFormat } from '../document/dataset-format';
import { RetrievalOptions } from '../retrieval/hit';

/**
 * An evaluation run: a dataset (or a subset of it) answered by one model in one prompt mode,
 * graded by one or more scorers. Runs come from the engine (model calls, later) or are imported
 * from prediction files other tools wrote; both land in the same tables (runs, run_items,
 * run_verdicts), so reports, re-grades and comparisons treat them alike.
 */

/** How the model was asked. `pot-python` is DocMath-Eval's Python PoT; `pot` is our JavaScript. */
export const RunMode = z.enum(['direct', 'cot', 'pot', 'pot-python', 'table-first']);
export type RunMode = z.infer<typeof RunMode>;

/**
 * `interrupted`: the process writing it ended (killed, crashed, cancelled) before it finished;
 * what it committed is kept. `paused` is for the engine (a user's pause).
 */
export const RunStatus = z.enum(['running', 'paused', 'interrupted', 'done', 'failed']);
export type RunStatus = z.infer<typeof RunStatus>;

export const RunSource = z.enum(['engine', 'imported']);
export type RunSource = z.infer<typeof RunSource>;

/**
 * Prediction-file formats: the one list `workbench grade` and `workbench import-run` both read,
 * each through the one reader of its format (main/grading/readers, docs/grading.md).
 */
export const RUN_IMPORT_FORMATS = [
  'docmath-processed',
  'tatqa-pot',
  'tatqa-pred',
  'jsonl',
  'financebench-graded',
  'lm-eval',
] as const;
export const RunImportFormat = z.enum(RUN_IMPORT_FORMATS);
export type RunImportFormat = z.infer<typeof RunImportFormat>;

/** Scorer id of the verdicts a prediction file recorded itself (DocMath's `result.acc`, …). */
export const IMPORTED_SCORER_ID = 'imported';

export const ScorerRef = z.object({
  id: z.string().min(1),
  version: z.string(),
  /** The dataset content hash this scorer's verdicts were graded against (own scorers). */
  gradedAgainst: z.string().optional(),
});
export type ScorerRef = z.infer<typeof ScorerRef>;

/** Counted, with the first few listed: ids a file had that the dataset has not, and the like. */
export const IdCount = z.object({ count: z.number().int(), examples: z.array(z.string()) });
export type IdCount = z.infer<typeof IdCount>;

/** The model endpoint of an engine run: a configured provider, or a bare base URL (CLI). */
export const RunProviderRef = z.union([
  z.object({ providerId: z.number().int() }).strict(),
  z.object({ baseUrl: z.string().min(1), apiKeyName: SecretName.nullable().optional() }).strict(),
]);
export type RunProviderRef = z.infer<typeof RunProviderRef>;

/** Pacing of an engine run; resume may change it (it does not change the answers). */
export const RunPacing = z
  .object({
    /** Questions in flight at most (adaptive concurrency never goes above it). Default 8. */
    concurrency: z.number().int().min(1).max(256).optional(),
    /** Model requests started per minute at most (absent: no cap). */
    rpm: z.number().int().min(1).max(1_000_000).optional(),
    /** Batch API runs: milliseconds between polls of the batch's status (default 30 s). */
    pollMs: z.number().int().min(10).max(3_600_000).optional(),
  })
  .strict();
export type RunPacing = z.infer<typeof RunPacing>;

/**
 * How an engine run was started, so `resume` asks the same questions the same way: the
 * endpoint (a key's secret name at most, never a key), the questions by stable id in the order
 * they are asked, and the prompt template.
 */
export const RunEngineManifest = z.object({
  provider: RunProviderRef,
  questionIds: z.array(z.number().int()),
  templateId: z.string(),
  cache: z.boolean(),
  pacing: RunPacing,
  /** Asked through the OpenAI Batch API (one JSONL upload, a batch polled until it ends). */
  batch: z.object({ completionWindow: z.literal('24h') }).optional(),
});
export type RunEngineManifest = z.infer<typeof RunEngineManifest>;

/**
 * Everything that decides a run's answers and verdicts, stored with it so a report can say what
 * it reports and whether the dataset changed since.
 */
export const RunManifest = z.object({
  dataset: z.object({
    id: z.number().int(),
    name: z.string(),
    format: DatasetFormat,
    /** SHA-256 of the stored questions (ids, text, gold) when the run was made. */
    contentHash: z.string(),
    questionCount: z.number().int(),
  }),
  /** Which questions: null = all of the dataset's (imports: those the file answered). */
  subset: z.object({ filter: z.string(), questionCount: z.number().int() }).nullable(),
  /**
   * Engine runs made from a question set: the set, and its key (the sessions' question-set key
   * of its questions, so a session on the same questions is found by it).
   */
  questionSet: z.object({ id: z.number().int(), name: z.string(), key: z.string() }).optional(),
  /** The model asked (engine runs), or what the imported file says it was. */
  model: z.object({
    id: z.string(),
    provider: z.string().nullable(),
    params: z.record(z.string(), z.unknown()),
  }),
  /** The file an imported run came from (null for engine runs). */
  imported: z
    .object({
      format: RunImportFormat,
      /** The file's name (not its folder: manifests travel). */
      file: z.string(),
      sha256: z.string(),
      bytes: z.number().int(),
      records: z.number().int(),
      /** Records whose id the dataset does not have: reported, never stored as items. */
      unknownIds: IdCount,
      /** Records that could not be read (bad JSON line, no id). */
      unreadable: IdCount,
      /** Ids answered twice; the first answer is kept. */
      duplicates: IdCount,
    })
    .nullable(),
  mode: RunMode.nullable(),
  scorers: z.array(ScorerRef),
  appVersion: z.string(),
  /** SHA-256 of the prompt template (null for imports: the prompt is not known). */
  templateHash: z.string().nullable(),
  /** Retrieval settings of engine runs (null for imports). */
  retrieval: z.record(z.string(), z.unknown()).nullable(),
  /** Engine runs only: what `resume` needs (absent for imports). */
  engine: RunEngineManifest.optional(),
});
export type RunManifest = z.infer<typeof RunManifest>;

/** One line of `runs.list` / `workbench runs`. */
export const RunSummary = z.object({
  runId: z.number().int(),
  status: RunStatus,
  /** Items written so far. */
  done: z.number().int(),
  /** Items the run means to write. */
  total: z.number().int(),
  model: z.string(),
  mode: RunMode.nullable(),
  /** null when the dataset was removed since (the manifest still names it). */
  datasetId: z.number().int().nullable(),
  source: RunSource,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Why it failed or was interrupted. */
  message: z.string().nullable(),
});
export type RunSummary = z.infer<typeof RunSummary>;

/** What running an item's program gave: `{ok, result?, error?}` (PoT). */
export const RunExecution = z.object({
  ok: z.boolean(),
  result: z.unknown().optional(),
  error: z.string().optional(),
});

/** Tokens and cost of an item's model call, where known. */
export const RunUsage = z.object({
  inputTokens: z.number().optional(),
  outputTokens: z.number().optional(),
  costUsd: z.number().optional(),
  /**
   * Engine items: model calls made for the question, and how many of them the response cache
   * answered (absent on items written before cache hits were flagged, and on imports). An item
   * with a cached call has no model time of its own: `latencyMs` counts the live calls only
   * (null when none was live), and model-time statistics leave it out
   * (shared/runs/model-time.ts).
   */
  calls: z.number().int().optional(),
  cachedCalls: z.number().int().optional(),
});

/** What the model (or the imported file) answered for one question. */
export const RunItem = z.object({
  itemId: z.number().int(),
  /** null when the question was removed from the dataset since. */
  questionId: z.number().int().nullable(),
  /** The dataset's own question id. */
  externalId: z.string(),
  output: z.string().nullable(),
  /** The answer as graded: the extracted string, the parsed list, the program's value. */
  answer: z.unknown(),
  answerKind: z.enum(['text', 'extracted', 'executed']),
  /** A scale the model gave separately (TAT-QA PoT `units`). */
  answerScale: z.string().nullable(),
  program: z.string().nullable(),
  execution: RunExecution.nullable(),
  usage: RunUsage.nullable(),
  latencyMs: z.number().nullable(),
  error: z.string().nullable(),
});
export type RunItem = z.infer<typeof RunItem>;

/**
 * What every stored verdict holds, whoever answered (a run's item, an expert's answer, a
 * transcript line): one shape, so the three cannot drift apart.
 */
export const StoredVerdict = z.object({
  scorer: z.string(),
  scorerVersion: z.string(),
  correct: z.boolean(),
  /** 1/0, or F1 for span scorers. */
  score: z.number(),
  outcome: z.enum(['correct', 'incorrect', 'refusal', 'no-answer', 'error']),
  rule: z.string(),
  predNormalized: z.string(),
  goldNormalized: z.string(),
  /**
   * The gold version graded against (main/grading/grading-service.ts `goldVersion`); null when
   * graded before versions were recorded or with nothing to grade against (no question, no
   * answer, a file's own verdict). With `scorer` and `scorerVersion`, the verdict's provenance.
   */
  goldVersion: z.string().nullable().optional(),
});

/** One scorer's verdict on one item, as stored. */
export const RunVerdict = StoredVerdict.extend({
  itemId: z.number().int(),
  extracted: z.string().nullable(),
});
export type RunVerdict = z.infer<typeof RunVerdict>;

/** What an import did: the run, and every record it could not place. */
export const RunImportResult = z.object({
  runId: z.number().int(),
  status: RunStatus,
  datasetId: z.number().int(),
  records: z.number().int(),
  matched: z.number().int(),
  unknownIds: IdCount,
  unreadable: IdCount,
  duplicates: IdCount,
  /** Dataset questions the file did not answer. */
  unanswered: z.number().int(),
  /** Percent correct per scorer over the matched items. */
  accuracy: z.record(z.string(), z.number()),
  warnings: z.array(z.string()),
});
export type RunImportResult = z.infer<typeof RunImportResult>;

/** Stable list order: the first few ids of a count. */
export const MAX_LISTED_IDS = 20;
export function idCount(): IdCount {
  return { count: 0, examples: [] };
}
export function countId(c: IdCount, id: string): void {
  c.count++;
  if (c.examples.length < MAX_LISTED_IDS) c.examples.push(id);
}

/** What a re-grade did (one scorer's verdicts replaced, the others kept). */
export const RunRegradeResult = z.object({
  runId: z.number().int(),
  scorer: z.object({ id: z.string(), version: z.string() }),
  items: z.number().int(),
  correct: z.number().int(),
  /** Percent correct. */
  accuracy: z.number(),
  /** Items whose question is no longer in the dataset (graded `error`). */
  missingQuestions: z.number().int(),
  /** The scorer's verdicts before (null: it had graded none). */
  previous: z.object({ correct: z.number().int(), accuracy: z.number() }).nullable(),
});
export type RunRegradeResult = z.infer<typeof RunRegradeResult>;

// ---- the engine (main/runs/engine): runs that call a model ------------------------------------

/** `runs.start`: a dataset (or a subset) × model × mode × retrieval × scorers. */
export const RunStartInput = z
  .object({
    datasetId: z.number().int(),
    /**
     * Comma-separated values; a question is in when its Table 2 subset, answer type or type is
     * one of them (case-insensitive), e.g. "arithmetic" or "simpshort,simplong".
     */
    subset: z.string().trim().min(1).max(400).optional(),
    /** The first N questions (in the dataset's order) after the subset. */
    limit: z.number().int().min(1).optional(),
    /**
     * A question set's questions, in the set's order, instead of the whole dataset
     * (docs/sessions.md, "Question sets"); `subset` and `limit` then narrow the set.
     */
    questionSetId: z.number().int().optional(),
    /** These questions (workspace ids), in this order, instead of the whole dataset. */
    questionIds: z.array(z.number().int()).min(1).max(100_000).optional(),
    provider: RunProviderRef,
    model: z.string().trim().min(1),
    mode: RunMode,
    params: GenerationParams.optional(),
    retrieval: RetrievalOptions.optional(),
    /** Scorer ids (default: the dataset's default scorer). */
    scorers: z.array(z.string().min(1)).min(1).optional(),
    /** A saved prompt template (ask.templates) instead of the mode's default. */
    templateId: z.string().min(1).optional(),
    /** Default true: identical requests answer from the response cache. */
    cache: z.boolean().optional(),
    /** Submit the questions as one OpenAI Batch API batch instead of one request each. */
    batchApi: z.boolean().optional(),
  })
  .extend(RunPacing.shape)
  .strict();
export type RunStartInput = z.infer<typeof RunStartInput>;

/** `runs.resume`: continues a paused, interrupted or failed run from its committed items. */
export const RunResumeInput = z
  .object({
    runId: z.number().int(),
    /** Resume although the dataset changed since the run started (the manifest says so). */
    force: z.boolean().optional(),
  })
  .extend(RunPacing.shape)
  .strict();
export type RunResumeInput = z.infer<typeof RunResumeInput>;

/** Where a Batch API run's batch is: the server's status and request counts. */
export const RunBatchProgress = z.object({
  batchId: z.string(),
  status: z.enum([
    'validating',
    'in_progress',
    'finalizing',
    'completed',
    'failed',
    'expired',
    'cancelling',
    'cancelled',
  ]),
  total: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
});
export type RunBatchProgress = z.infer<typeof RunBatchProgress>;

/** The `run.progress` event: sent as items commit (throttled) and once when the run stops. */
export const RunProgress = z.object({
  runId: z.number().int(),
  status: RunStatus,
  /** Items committed with an answer. */
  done: z.number().int(),
  /** Items committed as failed (the model call failed after its retries); resume retries them. */
  failed: z.number().int(),
  /** Questions not committed yet. */
  remaining: z.number().int(),
  total: z.number().int(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  /** null when the model has no price in the price table. */
  costUsd: z.number().nullable(),
  /** Estimated time to finish at the current rate (null until there is a rate). */
  etaMs: z.number().nullable(),
  /** Questions in flight allowed now (adaptive: halved on 429, grown when healthy). */
  concurrency: z.number().int(),
  /** Answers served from the response cache in this session of the run. */
  cached: z.number().int(),
  /** Why it stopped, or what it is doing ("pausing", "rate-limited: concurrency 4"). */
  message: z.string().optional(),
  /** Batch API runs: the batch being polled (absent before it is submitted, and for other runs). */
  batch: RunBatchProgress.optional(),
});
export type RunProgress = z.infer<typeof RunProgress>;
