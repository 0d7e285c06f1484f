import { z } from 'zod';

/**
 * Every kind of long work the app runs. `model` (a call to a language model) and `run` (a batch
 * evaluation run) have no producer yet: they are listed so the screens and the `jobs` table
 * need no contract change when they come. `facts`: the Library's pass reading the filings'
 * cover facts (main/library/filing-facts-service.ts).
 */
export const JobKind = z.enum([
  'parse',
  'pdf',
  'dataset',
  'import',
  'sandbox',
  'model',
  'run',
  'facts',
]);
export type JobKind = z.infer<typeof JobKind>;

/** What `job.progress` events say: a job is running until one event says how it ended. */
export const JobEventState = z.enum(['running', 'done', 'failed', 'cancelled']);
export type JobEventState = z.infer<typeof JobEventState>;

/**
 * What the `jobs` table says. `interrupted`: the process running it died (killed, crashed, power
 * cut) or closed the workspace mid-way; such a job never shows as running again.
 */
export const JobState = z.enum([...JobEventState.options, 'interrupted']);
export type JobState = z.infer<typeof JobState>;

/** What `done` and `total` count: bytes stored, pages read, or percent of the work. */
export const ProgressUnit = z.enum(['bytes', 'pages', 'percent']);
export type ProgressUnit = z.infer<typeof ProgressUnit>;

/** One job as `jobs.list` shows it. */
export const JobSummary = z.object({
  jobId: z.string(),
  kind: JobKind,
  label: z.string(),
  /** What the job works on, so a screen can find its own job (e.g. `document:7`). */
  subject: z.string().nullable(),
  state: JobState,
  done: z.number(),
  total: z.number(),
  unit: ProgressUnit,
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  /** Why it failed, was cancelled or was interrupted. */
  message: z.string().nullable(),
});
export type JobSummary = z.infer<typeof JobSummary>;

// The document view needs this as it opens, without the schemas above: see job-subject.ts.
export { documentJobSubject } from './job-subject';
