/**
 * The one API of Filing Workbench. Every method the renderer, the CLI or a test can call is
 * listed here with zod schemas for its input and output; the push events main can send are in
 * `events`. Both transports (Electron IPC, web-mode HTTP) and the in-process CLI go through the
 * same registry (main/api/registry.ts), which validates inputs against these schemas.
 */
import { z } from 'zod';
import { DatasetFormat } from '../model/dataset-format';
import { EvidenceMark, EvidenceTarget } from '../document/evidence';
import { DocumentSummary, ImportReport } from '../library/document';
import { Document } from '../model';

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

export const DatasetSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  format: DatasetFormat,
  sourceDocumentId: z.number().int().nullable(),
  importedAt: z.string(),
  documentCount: z.number().int(),
  questionCount: z.number().int(),
});
export type DatasetSummary = z.infer<typeof DatasetSummary>;

const SecretName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]{0,63}$/, 'lower-case letters, digits, ".", "_" or "-"');

export const contract = {
  'workspace.info': { input: Empty, output: WorkspaceInfo },

  'library.list': { input: Empty, output: z.object({ documents: z.array(DocumentSummary) }) },
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
    input: z.object({ documentId: z.number().int(), target: EvidenceTarget }).strict(),
    output: z.object({ marked: z.boolean() }),
  },

  'datasets.list': { input: Empty, output: z.object({ datasets: z.array(DatasetSummary) }) },
  /** Reads a benchmark file (by path on this machine) into documents and questions. */
  'datasets.import': {
    input: z.object({ path: z.string().min(1), format: DatasetFormat }).strict(),
    output: DatasetSummary,
  },
  /** Reads a dataset file that is already in the library. */
  'datasets.importDocument': {
    input: z.object({ documentId: z.number().int(), format: DatasetFormat }).strict(),
    output: DatasetSummary,
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
} as const;

export const events = {
  'library.changed': z.object({ reason: z.enum(['import', 'remove', 'dataset']) }),
  /** Long work reports progress as one typed shape; `done === total` ends the job. */
  'job.progress': z.object({
    jobId: z.string(),
    kind: z.enum(['import', 'parse']),
    label: z.string(),
    done: z.number(),
    total: z.number(),
    /** What done and total count: bytes stored, pages read, or percent of a parse. */
    unit: z.enum(['bytes', 'pages', 'percent']),
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
