/**
 * The one API of Filing Workbench. Every method the renderer, the CLI or a test can call is
 * listed here with zod schemas for its input and output; the push events main can send are in
 * `events`. Both transports (Electron IPC, web-mode HTTP) and the in-process CLI go through the
 * same registry (main/api/registry.ts), which validates inputs against these schemas.
 */
import { z } from 'zod';
import { DatasetFormat } from '../document/dataset-format';
import {
  DatasetImportReport,
  DatasetSummary,
  QuestionSummary,
  StoredQuestion,
} from '../datasets/stored-question';
import { EvidenceMark, MarkTarget } from '../document/evidence';
import { DocumentSummary, ImportReport } from '../library/document';
import { LibraryEntry } from '../library/filing-facts';
import {
  FactsSearchInput,
  FactsSearchResult,
  FactsSeriesInput,
  FactsSeriesResult,
} from '../facts/company-facts';
import { Block, Document, Table } from '../document';
import { JobEventState, JobKind, JobState, JobSummary, ProgressUnit } from '../jobs/job';
import { AskPhase, AskRequest, AskResult, PromptTemplate } from '../ask/ask';
import {
  ConnectionTest,
  DetectedServer,
  LlmSettings,
  ProviderConfig,
  ProviderView,
  SecretName,
} from '../llm/provider';
import {
  RetrievalHit,
  RetrievalOptions,
  WorkspaceSearchOptions,
  WorkspaceSearchResult,
} from '../retrieval/hit';
import {
  RunImportFormat,
  RunImportResult,
  RunManifest,
  RunMode,
  RunProgress,
  RunRegradeResult,
  RunResumeInput,
  RunStartInput,
  RunSummary,
} from '../runs/run';
import { RunComparisonSchema, RunReportSchema } from '../runs/report-schema';
import {
  EloTableSchema,
  RunJudgeInput,
  RunJudgeResult,
  RunPairwiseInput,
  RunPairwiseResult,
  StoredJudgementSchema,
} from '../runs/judge';
import { RunItemDetail } from '../runs/item-detail';
import {
  DisputeDecideInput,
  DisputeDecideResult,
  DisputeListInput,
  DisputeRaiseInput,
  GoldDispute,
  GoldHistory,
} from '../disputes/dispute';
import { GapCompareInput, GapReport } from '../gap/gap-report';
import { GapCoverage, GapCoverageInput } from '../gap/gap-coverage';
import {
  QuestionSet,
  QuestionSetCreateInput,
  QuestionSetDetail,
  SessionWithRunInput,
  SessionWithRunResult,
} from '../question-sets/question-set';
import { ExportBytesInput, ExportBytesResult } from '../export/export-format';
import { SystemIdle } from '../sessions/system-idle';
import {
  BundleImportResult,
  ClockSummary,
  MAX_SCRATCH_PROGRAM,
  SaveAnswerInput,
  SaveAnswerResult,
  ScratchRun,
  Session,
  SessionAgreement,
  SessionCreateInput,
  SessionDetail,
  SessionEventInput,
  SessionResults,
  SessionSummary,
} from '../sessions/session';

const Empty = z.object({}).strict();

export const WorkspaceInfo = z.object({
  dir: z.string(),
  dbPath: z.string(),
  filesDir: z.string(),
  schemaVersion: z.number().int(),
  documentCount: z.number().int(),
  storedBytes: z.number().int(),
  host: z.enum(['electron', 'web', 'cli']),
  maxImportBytes: z.number().int(),
  /** Where this process logs warnings and errors (main/log/log.ts); null: standard error. */
  logFile: z.string().nullable(),
});
export type WorkspaceInfo = z.infer<typeof WorkspaceInfo>;

/** A screen that failed to render, as the renderer's error boundary reports it to the log. */
export const ScreenFailure = z.object({
  screen: z.string().max(200),
  message: z.string().max(4_000),
  stack: z.string().max(20_000).optional(),
  componentStack: z.string().max(20_000).optional(),
});
export type ScreenFailure = z.infer<typeof ScreenFailure>;

export { DatasetSummary } from '../datasets/stored-question';

export const contract = {
  'workspace.info': { input: Empty, output: WorkspaceInfo },
  /** Writes a screen's failure to the log; answers where the log is. */
  'workspace.reportFailure': {
    input: ScreenFailure,
    output: z.object({ logFile: z.string().nullable() }),
  },

  'library.list': { input: Empty, output: z.object({ documents: z.array(LibraryEntry) }) },
  /** Paths on the machine running main (Electron dialog, CLI, drag-and-drop in Electron). */
  'library.importPaths': {
    input: z.object({ paths: z.array(z.string().min(1)).min(1) }).strict(),
    output: ImportReport,
  },
  /** File contents sent by the renderer (web-mode picker or drop). */
  'library.importBytes': {
    input: z.object({ name: z.string().min(1).max(255), bytes: z.instanceof(Uint8Array) }).strict(),
    output: ImportReport,
  },
  'library.importSample': { input: Empty, output: ImportReport },
  /** Opens the native file dialog; only the Electron host has one. */
  'library.pickAndImport': { input: Empty, output: ImportReport },
  'library.remove': {
    input: z.object({ id: z.number().int() }).strict(),
    output: z.object({ removed: z.boolean() }),
  },

  /**
   * A company's tagged facts (docs/facts.md): concepts whose name or row labels hold the query's
   * words, and one concept's values across the company's filings and periods with their cells.
   * Filings not indexed yet are parsed first (seconds each).
   */
  'facts.search': { input: FactsSearchInput, output: FactsSearchResult },
  'facts.series': { input: FactsSeriesInput, output: FactsSeriesResult },

  /** Parses the document on first open (off the main thread) and caches the model. */
  'document.open': {
    input: z.object({ id: z.number().int() }).strict(),
    output: z.object({ document: DocumentSummary, model: Document }),
  },
  /** A document's library entry (its name and kind), without reading it. */
  'document.summary': {
    input: z.object({ id: z.number().int() }).strict(),
    output: DocumentSummary,
  },
  /**
   * A filing's first screen (its summary, first blocks and the tables they name): what a window
   * opened on the document draws before the app has started (renderer/boot.ts). Cut from the
   * cached model (kept in memory); a filing not read yet is read (as document.open would), and
   * the first blocks read from its beginning are answered with `partial` while the rest is read.
   * Null for a PDF (its page is its first screen) or when the read fails.
   */
  'document.firstScreen': {
    input: z.object({ id: z.number().int() }).strict(),
    output: z
      .object({
        document: DocumentSummary,
        partial: z.boolean().optional(),
        blocks: z.array(Block),
        tables: z.array(Table),
      })
      .nullable(),
  },
  /** The imported original, for the PDF page view. */
  'document.original': {
    input: z.object({ id: z.number().int() }).strict(),
    output: z.object({ name: z.string(), kind: z.string(), bytes: z.instanceof(Uint8Array) }),
  },
  'evidence.list': {
    input: z.object({ documentId: z.number().int() }).strict(),
    output: z.object({ marks: z.array(EvidenceMark) }),
  },
  /** Marks a paragraph or cell as evidence, or unmarks it when it was marked. */
  'evidence.toggle': {
    input: z.object({ documentId: z.number().int(), target: MarkTarget }).strict(),
    output: z.object({ marked: z.boolean() }),
  },

  'datasets.list': { input: Empty, output: z.object({ datasets: z.array(DatasetSummary) }) },
  /** Reads a benchmark file (by path on this machine) into documents and questions. */
  'datasets.import': {
    input: z.object({ path: z.string().min(1), format: DatasetFormat }).strict(),
    output: DatasetImportReport,
  },
  /** Reads a dataset file that is already in the library. */
  'datasets.importDocument': {
    input: z.object({ documentId: z.number().int(), format: DatasetFormat }).strict(),
    output: DatasetImportReport,
  },
  /**
   * What a dataset file in the library looks like from the shape of its first record: the
   * format it fits (null: none) and why, for the Library's format picker.
   */
  'datasets.guessFormat': {
    input: z.object({ documentId: z.number().int() }).strict(),
    output: z.object({ format: DatasetFormat.nullable(), reason: z.string() }),
  },
  /** A dataset's questions by stable id, without gold (the list is safe to show to experts). */
  'datasets.questions': {
    input: z.object({ datasetId: z.number().int() }).strict(),
    output: z.object({ dataset: DatasetSummary, questions: z.array(QuestionSummary) }),
  },
  /** One question with its gold and evidence, and the document it stands on (null: missing). */
  'questions.get': {
    input: z.object({ id: z.number().int() }).strict(),
    output: z.object({
      question: StoredQuestion,
      dataset: DatasetSummary,
      document: DocumentSummary.nullable(),
      /** The gold over time (docs/disputes.md): current, the dataset's original, disputes. */
      goldHistory: GoldHistory.optional(),
    }),
  },
  'datasets.remove': {
    input: z.object({ id: z.number().int() }).strict(),
    output: z.object({ removed: z.boolean() }),
  },
  /**
   * Question sets (main/question-sets, docs/sessions.md "Question sets"): a named list of a
   * dataset's questions, chosen by id, by filters (type, answer source, document) or by a
   * seeded stratified sample, that sessions and runs are made from. No gold in any answer.
   */
  'questionSets.create': {
    input: QuestionSetCreateInput,
    output: z.object({ set: QuestionSet }),
  },
  'questionSets.list': {
    input: z.object({ datasetId: z.number().int().optional() }).strict(),
    output: z.object({ sets: z.array(QuestionSet) }),
  },
  /** The set with its questions, and the sessions and runs made on it. */
  'questionSets.get': {
    input: z.object({ id: z.number().int() }).strict(),
    output: QuestionSetDetail,
  },
  'questionSets.remove': {
    input: z.object({ id: z.number().int() }).strict(),
    output: z.object({ removed: z.boolean() }),
  },

  /** API keys live in main only (safeStorage or a 0600 file); the renderer sees names. */
  'secrets.list': {
    input: Empty,
    output: z.object({ names: z.array(z.string()), backend: z.enum(['safeStorage', 'file']) }),
  },
  'secrets.set': {
    input: z.object({ name: SecretName, value: z.string().min(1).max(4096) }).strict(),
    output: z.object({ stored: z.literal(true) }),
  },
  'secrets.remove': {
    input: z.object({ name: SecretName }).strict(),
    output: z.object({ removed: z.boolean() }),
  },

  /** Recent jobs of this workspace, newest first (running ones with live progress). */
  'jobs.list': {
    input: z.object({ limit: z.number().int().min(1).max(1000).optional() }).strict(),
    output: z.object({ jobs: z.array(JobSummary) }),
  },
  /** Stops a running job (its worker is terminated) and answers the state it ended in. */
  'jobs.cancel': {
    input: z.object({ jobId: z.string().min(1) }).strict(),
    output: z.object({ state: JobState }),
  },

  /** Configured endpoints (keys never included: `hasKey` only) and the offline/price settings. */
  'llm.providers': {
    input: Empty,
    output: z.object({ providers: z.array(ProviderView), settings: LlmSettings }),
  },
  /** Adds (no id) or replaces a provider. */
  'llm.saveProvider': {
    input: z.object({ id: z.number().int().optional(), config: ProviderConfig }).strict(),
    output: z.object({ provider: ProviderView }),
  },
  'llm.removeProvider': {
    input: z.object({ id: z.number().int() }).strict(),
    output: z.object({ removed: z.boolean() }),
  },
  /** GET /v1/models of a provider. */
  'llm.models': {
    input: z.object({ providerId: z.number().int() }).strict(),
    output: z.object({ models: z.array(z.string()) }),
  },
  /** "Test connection": never throws for a failed connection; says what went wrong. */
  'llm.test': {
    input: z.object({ providerId: z.number().int() }).strict(),
    output: ConnectionTest,
  },
  /**
   * The native dialog for choosing an embedded model's .gguf file (Electron only: elsewhere
   * `unsupported`, and the form takes a typed path); null when cancelled.
   */
  'llm.pickModelFile': { input: Empty, output: z.object({ path: z.string().nullable() }) },
  /** Local servers answering GET /v1/models on the presets' loopback ports. */
  'llm.autodetect': { input: Empty, output: z.object({ servers: z.array(DetectedServer) }) },
  'llm.setSettings': { input: LlmSettings.partial().strict(), output: LlmSettings },

  /** Ranked hits for a question over a document's index (built on first use, then kept). */
  'retrieval.search': {
    input: z
      .object({
        documentId: z.number().int(),
        question: z.string().trim().min(1).max(4000),
        options: RetrievalOptions.optional(),
      })
      .strict(),
    output: z.object({ hits: z.array(RetrievalHit) }),
  },
  /**
   * Ranked hits for a question across every indexed document of the workspace: documents
   * ranked first by one summary row each, then the best few searched (main/retrieval).
   */
  'retrieval.searchAll': {
    input: z
      .object({
        question: z.string().trim().min(1).max(4000),
        options: WorkspaceSearchOptions.optional(),
      })
      .strict(),
    output: WorkspaceSearchResult,
  },

  /**
   * Asks a model about a document or a stored question; `ask.progress` events with the same
   * askId stream the phases and the model's text. The result is stored in the history.
   */
  'ask.run': { input: AskRequest, output: AskResult },
  /** Stops a running ask (the model request is aborted); false when none is running. */
  'ask.cancel': {
    input: z.object({ askId: z.string().min(1) }).strict(),
    output: z.object({ cancelled: z.boolean() }),
  },
  /** Earlier asks, newest first, of a document or of a question. */
  'ask.history': {
    input: z
      .object({
        documentId: z.number().int().optional(),
        questionId: z.number().int().optional(),
        limit: z.number().int().min(1).max(500).optional(),
      })
      .strict(),
    output: z.object({ asks: z.array(AskResult) }),
  },
  /** Built-in prompt templates (DocMath-Eval presets among them) and the user's own. */
  'ask.templates': { input: Empty, output: z.object({ templates: z.array(PromptTemplate) }) },
  /** Saves a user template (a copy of a built-in one, edited); built-in ids are refused. */
  'ask.saveTemplate': {
    input: z.object({ template: PromptTemplate }).strict(),
    output: z.object({ template: PromptTemplate }),
  },

  /** Evaluation runs (main/runs, docs/runs.md), newest first; a dead writer's run shows interrupted. */
  'runs.list': { input: Empty, output: z.object({ runs: z.array(RunSummary) }) },
  'runs.get': {
    input: z.object({ runId: z.number().int() }).strict(),
    output: z.object({ summary: RunSummary, manifest: RunManifest }),
  },
  /** Accuracy per scorer and subset, intervals, failures, items; with `compareTo` the paired comparison. */
  'runs.report': {
    input: z
      .object({
        runId: z.number().int(),
        compareTo: z.number().int().optional(),
        scorer: z.string().min(1).optional(),
      })
      .strict(),
    output: z.object({ report: RunReportSchema, comparison: RunComparisonSchema.nullable() }),
  },
  /** Imports a prediction file (by path on this machine) as a run, graded against the dataset. */
  'runs.import': {
    input: z
      .object({
        path: z.string().min(1),
        format: RunImportFormat,
        datasetId: z.number().int().optional(),
        model: z.string().min(1).optional(),
        mode: RunMode.optional(),
        scorers: z.array(z.string().min(1)).min(1).optional(),
      })
      .strict(),
    output: RunImportResult,
  },
  /**
   * A prediction file's contents sent by the renderer (web-mode picker), imported as `runs.import`
   * imports a path; `name` is the file's name (model and mode are read from it).
   */
  'runs.importBytes': {
    input: z
      .object({
        name: z.string().min(1).max(255),
        format: RunImportFormat,
        bytes: z.instanceof(Uint8Array),
        datasetId: z.number().int().optional(),
      })
      .strict(),
    output: RunImportResult,
  },
  /**
   * One item for the report's side panel: question and gold, output, program, execution and
   * the cells its program read, every scorer's verdict with its rule.
   */
  'runs.item': {
    input: z.object({ runId: z.number().int(), questionId: z.number().int() }).strict(),
    output: RunItemDetail,
  },
  /** Grades a run again with one scorer (no model calls); only that scorer's verdicts change. */
  'runs.regrade': {
    input: z.object({ runId: z.number().int(), scorer: z.string().min(1) }).strict(),
    output: RunRegradeResult,
  },
  'runs.remove': {
    input: z.object({ runId: z.number().int() }).strict(),
    output: z.object({ removed: z.boolean() }),
  },
  /**
   * Starts an engine run (model calls) as a job and answers with its id once the endpoint
   * answered one check (docs/runs.md, "Pre-flight"); `run.progress` events follow it. Items
   * are committed one by one as they complete. An endpoint that cannot be asked (connection
   * refused, DNS, TLS, a refused key, an unknown model, offline) is refused in one line with
   * the check's error code, and no run is created.
   */
  'runs.start': {
    input: RunStartInput,
    output: z.object({ runId: z.number().int(), summary: RunSummary }),
  },
  /**
   * Stops starting new items; items in flight finish and are committed, then the run is
   * `paused` (a `run.progress` event says so). Answers at once with the summary then.
   */
  'runs.pause': {
    input: z.object({ runId: z.number().int() }).strict(),
    output: z.object({ summary: RunSummary }),
  },
  /**
   * Continues a paused, interrupted or failed run: only questions without a committed answer
   * are asked (failed items again). Refused when the dataset changed since, unless `force`,
   * and when its endpoint still cannot be asked (the run keeps its status and reason).
   */
  'runs.resume': {
    input: RunResumeInput,
    output: z.object({ runId: z.number().int(), summary: RunSummary }),
  },
  /** Stops the run now (requests in flight are aborted); it is `interrupted` and resumable. */
  'runs.cancel': {
    input: z.object({ runId: z.number().int() }).strict(),
    output: z.object({ summary: RunSummary }),
  },
  /**
   * The LLM judge (docs/runs.md#judge): a judge model grades each item of a run against the gold
   * with a rubric, as a cancellable `run` job (`job.progress`, subject `judge:run:<id>`).
   * Judgements already stored for the same judge, rubric, answer and gold are re-used.
   */
  'runs.judge': { input: RunJudgeInput, output: RunJudgeResult },
  /** A run's stored judgements (one judge model's, or all): prompt, raw reply, verdict, tokens. */
  'runs.judgements': {
    input: z.object({ runId: z.number().int(), judgeModel: z.string().min(1).optional() }).strict(),
    output: z.object({ judgements: z.array(StoredJudgementSchema) }),
  },
  /** Pairwise judgements of two or more runs' answers (both orders), and their Elo table. */
  'runs.judgePairwise': { input: RunPairwiseInput, output: RunPairwiseResult },
  /** The Elo table of runs from the pairwise judgements stored among them. */
  'runs.elo': {
    input: z
      .object({
        runIds: z.array(z.number().int()).min(2).max(16),
        judgeModel: z.string().min(1).optional(),
        rubricId: z.string().min(1).optional(),
      })
      .strict(),
    output: EloTableSchema,
  },

  /**
   * Timed human-expert sessions (main/sessions, docs/sessions.md). While a session is open,
   * nothing these methods answer contains gold or model answers (blinded).
   */
  'sessions.create': {
    input: SessionCreateInput,
    output: z.object({ sessionId: z.number().int(), session: Session }),
  },
  /**
   * A session and a model run on exactly the same questions in one step: the session as
   * `sessions.create` makes it, the run started (after the engine's pre-flight) from the
   * session's question set. A run that cannot start leaves nothing behind.
   */
  'sessions.createWithRun': { input: SessionWithRunInput, output: SessionWithRunResult },
  'sessions.list': {
    input: z.object({ datasetId: z.number().int().optional() }).strict(),
    output: z.object({ sessions: z.array(SessionSummary) }),
  },
  /** The session, its questions (no gold), answers, scratch runs and the clock. */
  'sessions.get': {
    input: z.object({ sessionId: z.number().int() }).strict(),
    output: SessionDetail,
  },
  /** Appends one event (server-timestamped) and answers the clock derived from all of them. */
  'sessions.event': {
    input: SessionEventInput,
    output: z.object({ clock: ClockSummary }),
  },
  /** Autosave: idempotent upsert; a stale `baseRevision` answers `conflict` with the stored answer. */
  'sessions.saveAnswer': { input: SaveAnswerInput, output: SaveAnswerResult },
  /** Submits the stored answer of a question (its revision must be `baseRevision`). */
  'sessions.submit': {
    input: z
      .object({
        sessionId: z.number().int(),
        questionId: z.number().int(),
        baseRevision: z.number().int().min(1),
      })
      .strict(),
    output: SaveAnswerResult,
  },
  /** Runs a calculator program in the sandbox on the question's document tables; recorded. */
  'sessions.scratch': {
    input: z
      .object({
        sessionId: z.number().int(),
        questionId: z.number().int(),
        program: z.string().min(1).max(MAX_SCRATCH_PROGRAM),
      })
      .strict(),
    output: z.object({ run: ScratchRun }),
  },
  /** Ends the session and grades every submitted answer against gold. */
  'sessions.finish': {
    input: z.object({ sessionId: z.number().int() }).strict(),
    output: z.object({ session: Session, clock: ClockSummary }),
  },
  /** After finish only: verdicts, accuracy with a Wilson interval, active time. */
  'sessions.results': {
    input: z.object({ sessionId: z.number().int() }).strict(),
    output: SessionResults,
  },
  /** Finished sessions on the same question set: percent agreement, Cohen's and Fleiss' kappa. */
  'sessions.agreement': {
    input: z.object({ sessionIds: z.array(z.number().int()).min(2).max(50) }).strict(),
    output: SessionAgreement,
  },
  /**
   * Writes a finished session made here as a bundle signed with this workspace's expert key
   * (created on the first export) to a path on this machine. `sha256`: the session content's
   * hash; `fingerprint`: the signing key's.
   */
  'sessions.exportBundle': {
    input: z.object({ sessionId: z.number().int(), path: z.string().min(1) }).strict(),
    output: z.object({
      path: z.string(),
      sha256: z.string(),
      bytes: z.number().int(),
      fingerprint: z.string(),
    }),
  },
  /**
   * Reads a bundle (by path) into this workspace, next to other experts on the same questions,
   * after checking its signature. An older, unsigned bundle needs `allowUnsigned` (marked so).
   */
  'sessions.importBundle': {
    input: z.object({ path: z.string().min(1), allowUnsigned: z.boolean().optional() }).strict(),
    output: BundleImportResult,
  },
  /** The same bundle as bytes: web mode downloads it instead of writing a path. */
  'sessions.bundleBytes': {
    input: z.object({ sessionId: z.number().int() }).strict(),
    output: z.object({
      name: z.string(),
      sha256: z.string(),
      fingerprint: z.string(),
      bytes: z.instanceof(Uint8Array),
    }),
  },
  /** A bundle uploaded by the renderer (web-mode picker or drop); `allowUnsigned` as above. */
  'sessions.importBundleBytes': {
    input: z
      .object({
        name: z.string().min(1).max(255),
        bytes: z.instanceof(Uint8Array),
        allowUnsigned: z.boolean().optional(),
      })
      .strict(),
    output: BundleImportResult,
  },
  'sessions.remove': {
    input: z.object({ sessionId: z.number().int() }).strict(),
    output: z.object({ removed: z.boolean() }),
  },
  /**
   * The human-vs-model gap (docs/sessions.md): a finished session against a run on the same
   * questions, per subset, paired McNemar and bootstrap, time, disagreements, evidence overlap.
   */
  'gap.compare': { input: GapCompareInput, output: GapReport },
  /** The runs that answer a session's questions, fully or in part, with counts. */
  'gap.coverage': { input: GapCoverageInput, output: GapCoverage },
  /**
   * Gold disputes (main/disputes, docs/disputes.md): a proposed correction of a question's gold
   * with a reason; accepting one versions the gold and re-grades every run and finished session.
   */
  'disputes.raise': { input: DisputeRaiseInput, output: z.object({ dispute: GoldDispute }) },
  'disputes.list': {
    input: DisputeListInput,
    output: z.object({ disputes: z.array(GoldDispute) }),
  },
  'disputes.decide': { input: DisputeDecideInput, output: DisputeDecideResult },
  /**
   * Graded transcripts of a run or a finished session as a file's bytes with its name (HTML
   * report, JSONL, CSV, CodaLab, TAT-QA): what the screens download; the CLI writes paths.
   */
  'export.bytes': { input: ExportBytesInput, output: ExportBytesResult },
} as const;

export const events = {
  'library.changed': z.object({ reason: z.enum(['import', 'remove', 'dataset', 'facts']) }),
  /**
   * Every job (main/jobs) reports as one typed shape: `running` when it starts and as it
   * progresses, then exactly one event with how it ended.
   */
  'job.progress': z.object({
    jobId: z.string(),
    kind: JobKind,
    label: z.string(),
    subject: z.string().nullable(),
    state: JobEventState,
    done: z.number(),
    total: z.number(),
    unit: ProgressUnit,
    /** Why it failed or was cancelled. */
    message: z.string().optional(),
  }),
  /**
   * A PDF's pages read so far, while its parse job runs (main/document/parsed-pages.ts): the
   * pages `fromPage`..`toPage` as a Document of those pages only (checked in the parse worker
   * against the same schema, same ids as in the final model), in page order. The document view
   * shows them until `document.open` answers the whole Document, which replaces them.
   */
  'document.pages': z.object({
    documentId: z.number().int(),
    jobId: z.string(),
    fromPage: z.number().int(),
    toPage: z.number().int(),
    pageCount: z.number().int(),
    document: Document,
  }),
  /** An ask's phase changes, and the model's text as it streams (`delta`, appended in order). */
  'ask.progress': z.object({
    askId: z.string(),
    phase: AskPhase,
    delta: z.string().optional(),
    /** E.g. "retrying in 2 s after 429" or the repair reason. */
    message: z.string().optional(),
  }),
  /** An engine run's counts, tokens, cost and ETA (throttled), and its status when it stops. */
  'run.progress': RunProgress,
  /** Electron only: the OS says the user is idle, away (screen locked, sleep) or back. */
  'system.idle': SystemIdle,
} as const;

export type Contract = typeof contract;
export type Method = keyof Contract;
export type MethodInput<M extends Method> = z.input<Contract[M]['input']>;
export type MethodOutput<M extends Method> = z.output<Contract[M]['output']>;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.infer<Events[E]>;

export const methodNames = Object.keys(contract) as Method[];
export const isMethod = (name: string): name is Method => Object.hasOwn(contract, name);
export const isEventName = (name: string): name is EventName => Object.hasOwn(events, name);
