import { z } from 'zod';
import { DatasetFormat } from '../model/dataset-format';
import { ScratchRun, Session, SessionAnswer, SessionEvent } from './session';

/**
 * A finished session moved to another machine (docs/sessions.md): the questions by the
 * dataset's own ids and the documents by content hash (never the documents themselves), the
 * answers, every event and scratch program, and who signed it off. `sha256` covers the
 * canonical JSON of everything else, so an edited answer is refused on import.
 */
export const SESSION_BUNDLE_FORMAT = 'filing-workbench-session';
export const SESSION_BUNDLE_VERSION = 1;

export const BundleQuestion = z.object({
  position: z.number().int(),
  /** The question's id in the exporting workspace (answers and events refer to it). */
  questionId: z.number().int(),
  externalId: z.string().min(1),
  documentExternalId: z.string(),
  /** SHA-256 of the document the expert saw (the file, or a record's stored JSON); null: none. */
  documentSha256: z.string().nullable(),
});
export type BundleQuestion = z.infer<typeof BundleQuestion>;

export const SessionBundle = z.object({
  format: z.literal(SESSION_BUNDLE_FORMAT),
  version: z.literal(SESSION_BUNDLE_VERSION),
  appVersion: z.string(),
  exportedAt: z.string(),
  dataset: z.object({ name: z.string(), format: DatasetFormat }),
  session: Session.omit({ origin: true, bundleSha256: true, datasetId: true }),
  questions: z.array(BundleQuestion),
  answers: z.array(SessionAnswer),
  events: z.array(SessionEvent),
  scratch: z.array(ScratchRun),
  signedOff: z.object({ expert: z.string(), at: z.string() }),
  /** SHA-256 (hex) of canonicalJson(bundle without this field). */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type SessionBundle = z.infer<typeof SessionBundle>;

/**
 * JSON with object keys sorted at every level and no whitespace: the same content always gives
 * the same bytes, whatever order a writer put the keys in.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const s = JSON.stringify(value);
    // undefined inside arrays is null in JSON; at the top it has no text at all.
    return s ?? 'null';
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}
