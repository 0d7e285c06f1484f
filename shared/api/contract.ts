/**
 * The one API of Filing Workbench. Every method the renderer, the CLI or a test can call is
 * listed here with zod schemas for its input and output; the push events main can send are in
 * `events`. Both transports (Electron IPC, web-mode HTTP) and the in-process CLI go through the
 * same registry (main/api/registry.ts), which validates inputs against these schemas.
 */
import { z } from 'zod';
import { DatasetFormat } from '../model/dataset-format';
import {
  DatasetImportReport,
  DatasetSummary,
  QuestionSummary,
  StoredQuestion,
} from '../datasets/stored-question';
import { EvidenceMark, MarkTarget } from '../document/evidence';
import { DocumentSummary, ImportReport } from '../library/document';
import { LibraryEntry } from '../library/filing-facts';
import { Document } from '../model';
import { JobEventState, JobKind, JobState, JobSummary, ProgressUnit } from '../jobs/job';

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
});
export type WorkspaceInfo = z.infer<typeof WorkspaceInfo>;

export { DatasetSummary } from '../datasets/stored-question';

const SecretName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]{0,63}$/, 'lower-case letters, digits, ".", "_" or "-"');

export const contract = {
  'workspace.info': { input: Empty, output: WorkspaceInfo },

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

  /** Parses the document on first open (off the main thread) and caches the model. */
  'document.open': {
    input: z.object({ id: z.number().int() }).strict(),
    output: z.object({ document: DocumentSummary, model: Document }),
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
    }),
  },
  'datasets.remove': {
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
