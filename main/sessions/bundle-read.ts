import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { WorkbenchError } from '../../shared/api/result';
import {
  canonicalJson,
  SESSION_BUNDLE_FORMAT,
  SESSION_BUNDLE_VERSION,
  SessionBundle,
  UNSIGNED_BUNDLE_VERSION,
  UnsignedSessionBundle,
} from '../../shared/sessions/bundle';
import type { BundleSigner } from '../../shared/sessions/session';
import { checkBundleContent, checkDepth, quoted } from './bundle-checks';
import { fingerprintOf, verifyContent } from './bundle-signature';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export interface ReadOptions {
  /** Lets an older, unsigned (version 1) bundle in; it is then marked `unsigned`. */
  allowUnsigned?: boolean;
  /** Now, for the timestamps' range (ms since the epoch). */
  nowMs: number;
}

/** A bundle that passed every check, either version, in one shape. */
export type ReadBundle = Omit<
  SessionBundle,
  'format' | 'version' | 'session' | 'signature' | 'signer'
> & {
  version: number;
  session: Omit<SessionBundle['session'], 'uid'> & { uid: string | null };
  signer: BundleSigner & { publicKey: string | null };
  /**
   * SHA-256 of the session's content (version 2: everything signed but the export time and app
   * version, so re-exporting the same session gives the same hash; version 1: its stated hash).
   */
  contentSha256: string;
};

/** The fields a re-export changes: left out of the content hash. */
const EXPORT_ONLY = new Set(['exportedAt', 'appVersion', 'signature', 'sha256']);

export function contentSha256(raw: Record<string, unknown>): string {
  return sha256(
    canonicalJson(Object.fromEntries(Object.entries(raw).filter(([k]) => !EXPORT_ONLY.has(k)))),
  );
}

/** One line naming the first schema problem (never a dump of every issue). */
function schemaError(name: string, error: z.ZodError): WorkbenchError {
  const first = error.issues[0];
  const where = first?.path.map(String).join('.') ?? '';
  const what = (first?.message ?? 'does not match').replace(/\s+/g, ' ');
  return new WorkbenchError(
    'invalid-input',
    `${name} is not a valid session bundle: ${where ? `${where}: ` : ''}${what}`.slice(0, 400),
  );
}

/**
 * Checks a bundle's text, in order: nesting depth (on the text), JSON, format, version (newer:
 * "update the app"; version 1: only with `allowUnsigned`), schema, then the signature (or the
 * old hash) over the canonical content, then the content itself. `name` is for messages.
 */
export function readBundleText(text: string, name: string, options: ReadOptions): ReadBundle {
  checkDepth(text, name);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new WorkbenchError(
      'invalid-input',
      `${name} is not JSON: ${(e as Error).message.replace(/\s+/g, ' ').slice(0, 200)}`,
    );
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw new WorkbenchError(
      'invalid-input',
      `${name} is not a session bundle (not a JSON object)`,
    );
  const obj = raw as Record<string, unknown>;
  if (obj.format !== SESSION_BUNDLE_FORMAT)
    throw new WorkbenchError(
      'invalid-input',
      `${name} is not a session bundle (format ${quoted(obj.format)}, expected "${SESSION_BUNDLE_FORMAT}")`,
    );
  const version = obj.version;
  if (typeof version === 'number' && version > SESSION_BUNDLE_VERSION)
    throw new WorkbenchError(
      'unsupported',
      `${name} is a version ${version} session bundle (written by Filing Workbench ${quoted(obj.appVersion)}); this app reads version ${SESSION_BUNDLE_VERSION} — update the app to import it`,
    );
  if (version === UNSIGNED_BUNDLE_VERSION) return readUnsigned(obj, name, options);
  if (version !== SESSION_BUNDLE_VERSION)
    throw new WorkbenchError(
      'invalid-input',
      `${name} has bundle version ${quoted(version)}; this app reads versions ${UNSIGNED_BUNDLE_VERSION} (unsigned) and ${SESSION_BUNDLE_VERSION}`,
    );
  return readSigned(obj, name, options);
}

function readSigned(raw: Record<string, unknown>, name: string, options: ReadOptions): ReadBundle {
  const parsed = SessionBundle.safeParse(raw);
  if (!parsed.success) throw schemaError(name, parsed.error);
  const b = parsed.data;
  const { signature, ...content } = raw;
  const fingerprint = fingerprintOf(b.signer.publicKey);
  if (fingerprint !== b.signer.fingerprint)
    throw new WorkbenchError(
      'file-mismatch',
      `${name} was changed after it was signed: it names the key ${b.signer.fingerprint}, but its public key is ${fingerprint}; ask the expert for the original file`,
    );
  if (!verifyContent(content, b.signer.publicKey, String(signature)))
    throw new WorkbenchError(
      'file-mismatch',
      `${name} was changed after it was signed: its signature does not match its content and the key ${fingerprint} (${quoted(b.signer.name)}); ask the expert for the original file`,
    );
  if (b.signer.name !== b.session.expert)
    throw new WorkbenchError(
      'invalid-input',
      `${name}: signed by ${quoted(b.signer.name)} but the session's expert is ${quoted(b.session.expert)}`,
    );
  checkBundleContent(b, name, options.nowMs);
  const { format: _f, signature: _s, signer, ...rest } = b;
  return {
    ...rest,
    signer: { state: 'signed', name: signer.name, fingerprint, publicKey: signer.publicKey },
    contentSha256: contentSha256(raw),
  };
}

function readUnsigned(
  raw: Record<string, unknown>,
  name: string,
  options: ReadOptions,
): ReadBundle {
  if (!options.allowUnsigned)
    throw new WorkbenchError(
      'unsupported',
      `${name} is an unsigned bundle (version ${UNSIGNED_BUNDLE_VERSION}, from before bundles were signed): nothing shows who wrote it or that it was not edited; import it only if you trust where it came from, with --allow-unsigned (API: allowUnsigned), and it will be marked unsigned`,
    );
  const parsed = UnsignedSessionBundle.safeParse(raw);
  if (!parsed.success) throw schemaError(name, parsed.error);
  const { sha256: stated, ...body } = raw;
  const actual = sha256(canonicalJson(body));
  if (actual !== stated)
    throw new WorkbenchError(
      'file-mismatch',
      `${name} was changed after it was exported: its content hash is ${actual.slice(0, 12)}…, the bundle says ${String(stated).slice(0, 12)}…; ask the expert for the original file`,
    );
  const b = parsed.data;
  checkBundleContent(b, name, options.nowMs);
  const { format: _f, sha256: _h, ...rest } = b;
  return {
    ...rest,
    session: { ...b.session, uid: null },
    signer: { state: 'unsigned', name: b.session.expert, fingerprint: null, publicKey: null },
    contentSha256: actual,
  };
}
