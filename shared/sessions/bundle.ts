import { z } from 'zod';
import { DatasetFormat } from '../document/dataset-format';
import { ScratchRun, Session, SessionAnswer, SessionEvent } from './session';

/**
 * A finished session moved to another machine (docs/sessions.md "Bundles"): the questions by
 * the dataset's own ids and the documents by content hash (never the documents themselves), the
 * answers, every event and scratch program, and who signed it off.
 *
 * Version 2 (current) is signed: `signature` is an Ed25519 signature, by the exporting
 * workspace's expert key (`signer.publicKey`), over the canonical JSON of everything else, so
 * an edited answer, an edited name or a swapped key is refused on import. Version 1 carried
 * only an unkeyed SHA-256 (anyone can recompute it); it is read only when the user allows an
 * unsigned bundle, and the session is marked `unsigned` wherever agreement is reported.
 */
export const SESSION_BUNDLE_FORMAT = 'filing-workbench-session';
export const SESSION_BUNDLE_VERSION = 2;
/** The older, unsigned format, still readable on request (`allowUnsigned`). */
export const UNSIGNED_BUNDLE_VERSION = 1;

/** Bundles hold answers and events, never documents: anything near this size is not one. */
export const MAX_BUNDLE_BYTES = 256 * 1024 * 1024;
/**
 * Deepest nesting of arrays and objects a bundle may have. A real one is about 6 deep (bundle →
 * answers → answer → evidence → mark → path); the limit is checked on the text before parsing,
 * so no recursive walk (the schema, canonical JSON) ever meets a deeper one.
 */
export const MAX_BUNDLE_DEPTH = 64;

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

const bundleBody = {
  appVersion: z.string(),
  exportedAt: z.string(),
  dataset: z.object({ name: z.string(), format: DatasetFormat }),
  questions: z.array(BundleQuestion),
  answers: z.array(SessionAnswer),
  events: z.array(SessionEvent),
  scratch: z.array(ScratchRun),
  signedOff: z.object({ expert: z.string(), at: z.string() }),
};

/** Session fields a bundle carries (this workspace's own bookkeeping stays here). */
const LOCAL_ONLY = {
  origin: true,
  bundleSha256: true,
  datasetId: true,
  uid: true,
  signature: true,
  signerFingerprint: true,
} as const;

/** Version 1: an unkeyed SHA-256 over the canonical content; no session uid, no signer. */
export const UnsignedSessionBundle = z.object({
  format: z.literal(SESSION_BUNDLE_FORMAT),
  version: z.literal(UNSIGNED_BUNDLE_VERSION),
  ...bundleBody,
  session: Session.omit(LOCAL_ONLY),
  /** SHA-256 (hex) of canonicalJson(bundle without this field). */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type UnsignedSessionBundle = z.infer<typeof UnsignedSessionBundle>;

/** The expert key that signed a bundle, and the name of the expert who signed off. */
export const BundleSignerBlock = z.object({
  algorithm: z.literal('ed25519'),
  name: z.string().min(1),
  /** The raw 32-byte Ed25519 public key, base64. */
  publicKey: z.string().regex(/^[A-Za-z0-9+/]{43}=$/),
  /** First 16 hex digits of SHA-256 of the raw public key, in groups of 4 ("ab12 cd34 …"). */
  fingerprint: z.string().regex(/^[0-9a-f]{4}( [0-9a-f]{4}){3}$/),
});
export type BundleSignerBlock = z.infer<typeof BundleSignerBlock>;

/** Version 2: signed by the exporting workspace's expert key. */
export const SessionBundle = z.object({
  format: z.literal(SESSION_BUNDLE_FORMAT),
  version: z.literal(SESSION_BUNDLE_VERSION),
  ...bundleBody,
  session: Session.omit(LOCAL_ONLY).extend({
    /** The session's random id (a UUID chosen at creation): the same session stays the same. */
    uid: z.uuid(),
  }),
  signer: BundleSignerBlock,
  /** Ed25519 signature (base64) of canonicalJson(bundle without this field). */
  signature: z.string().regex(/^[A-Za-z0-9+/]{86}==$/),
});
export type SessionBundle = z.infer<typeof SessionBundle>;

/**
 * JSON with object keys sorted at every level and no whitespace: the same content always gives
 * the same bytes, whatever order a writer put the keys in. Recursive: callers bound the depth
 * first (bundles: MAX_BUNDLE_DEPTH, checked on the text).
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
