import { createHash } from 'node:crypto';
import { readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import type { Database } from 'better-sqlite3';
import { WorkbenchError } from '../../shared/api/result';
import type { StoredQuestion } from '../../shared/datasets';
import {
  MAX_BUNDLE_BYTES,
  SESSION_BUNDLE_FORMAT,
  SESSION_BUNDLE_VERSION,
} from '../../shared/sessions/bundle';
import type { BundleImportResult } from '../../shared/sessions/session';
import type { DatasetService } from '../datasets/dataset-service';
import { sessionsRepo } from '../db/sessions-repo';
import { contentSha256, readBundleText, type ReadBundle } from './bundle-read';
import { signContent } from './bundle-signature';
import type { ExpertIdentity } from './expert-identity';
import { questionSetKey } from '../question-sets/question-set-key';
import { copyKeys, sessionCopyKeys } from './copy-keys';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * SHA-256 of what the expert saw: a library file's own hash, or a dataset record's content. A
 * record's stored JSON also names the file it was read from (`source.name`), which is the
 * file's name when the CLI imported it and its SHA-256 when the Library did: that name is left
 * out, so the same record imported either way hashes the same.
 */
function documentSha256(db: Database, documentId: number | null): string | null {
  return documentHashes(db, documentId)[0] ?? null;
}

/** The content hash first, then the hash of the whole stored JSON (bundles before 2026-11-27). */
function documentHashes(db: Database, documentId: number | null): string[] {
  if (documentId === null) return [];
  const r = db
    .prepare<[number], { sha256: string | null; model: string | null }>(
      `SELECT d.sha256, r.model FROM documents d LEFT JOIN dataset_records r ON r.document_id = d.id
       WHERE d.id = ?`,
    )
    .get(documentId);
  if (!r) return [];
  if (r.sha256 !== null) return [r.sha256];
  if (r.model === null) return [];
  return [sha256(recordContent(r.model)), sha256(r.model)];
}

/** A stored record document without the name of the file it was imported from. */
function recordContent(model: string): string {
  const doc = JSON.parse(model) as { source?: Record<string, unknown> };
  if (doc.source) delete doc.source.name;
  return JSON.stringify(doc);
}

export interface BundleDeps {
  db: Database;
  datasets: DatasetService;
  appVersion: string;
  nowIso: () => string;
  nowMs: () => number;
  question: (id: number) => StoredQuestion | undefined;
  /** Grades an imported session against this workspace's gold. */
  grade: (sessionId: number) => void;
  /** This workspace's expert key (created on the first export). */
  identity: ExpertIdentity;
}

export interface ImportOptions {
  /** Lets an older, unsigned (version 1) bundle in, marked `unsigned` (CLI --allow-unsigned). */
  allowUnsigned?: boolean;
}

export interface BundleFile {
  text: string;
  /** The session content's hash (the same for every export of the session). */
  sha256: string;
  name: string;
  /** The signing key's fingerprint. */
  fingerprint: string;
}

/**
 * A finished session as a signed bundle (docs/sessions.md "Bundles"): JSON signed with this
 * workspace's expert key (Ed25519 over the canonical content), carrying the session's uid, the
 * public key, its fingerprint and the expert's name. Only sessions made here are exported: this
 * workspace's key does not sign for an expert whose session came from elsewhere.
 */
export async function bundleText(deps: BundleDeps, sessionId: number): Promise<BundleFile> {
  const repo = sessionsRepo(deps.db);
  const s = repo.session(sessionId);
  if (!s) throw new WorkbenchError('not-found', `no session #${sessionId} in this workspace`);
  if (s.status !== 'finished' || s.finishedAt === null)
    throw new WorkbenchError(
      'unsupported',
      `session #${s.id} is still open; finish it (the expert signs off) before exporting`,
    );
  if (s.origin !== 'local' || s.uid === null)
    throw new WorkbenchError(
      'unsupported',
      `session #${s.id} was imported from a bundle (${s.signature === 'signed' ? `signed by key ${s.signerFingerprint ?? '?'}` : 'unsigned'}); pass on that bundle file instead: this workspace's key signs only sessions made here`,
    );
  const questions = repo.questions(s.id).map(({ questionId, externalId }, position) => {
    const q = deps.question(questionId);
    return {
      position,
      questionId,
      externalId,
      documentExternalId: q?.documentExternalId ?? '',
      documentSha256: documentSha256(deps.db, q?.documentId ?? null),
    };
  });
  const key = await deps.identity.signingKey();
  const {
    origin: _o,
    bundleSha256: _b,
    datasetId: _d,
    signature: _s,
    signerFingerprint: _f,
    ...session
  } = s;
  const content = {
    format: SESSION_BUNDLE_FORMAT,
    version: SESSION_BUNDLE_VERSION,
    appVersion: deps.appVersion,
    exportedAt: deps.nowIso(),
    dataset: { name: s.datasetName, format: s.datasetFormat },
    session,
    questions,
    answers: repo.answers(s.id),
    events: repo.events(s.id),
    scratch: repo.scratch(s.id),
    signedOff: { expert: s.expert, at: s.finishedAt },
    signer: {
      algorithm: 'ed25519' as const,
      name: s.expert,
      publicKey: key.publicKey,
      fingerprint: key.fingerprint,
    },
  };
  const signature = signContent(content, key.privateKey);
  const text = `${JSON.stringify({ ...content, signature }, null, 1)}\n`;
  const expert = s.expert.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'expert';
  return {
    text,
    sha256: contentSha256(content),
    name: `session-${s.id}-${expert}.json`,
    fingerprint: key.fingerprint,
  };
}

export async function exportBundle(
  deps: BundleDeps,
  sessionId: number,
  path: string,
): Promise<{ path: string; sha256: string; bytes: number; fingerprint: string }> {
  const { text, sha256: hash, fingerprint } = await bundleText(deps, sessionId);
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(tmp, text);
    await rename(tmp, path);
  } catch (e) {
    await unlink(tmp).catch(() => undefined);
    throw new WorkbenchError(
      'file-unreadable',
      `cannot write ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
  return { path, sha256: hash, bytes: Buffer.byteLength(text), fingerprint };
}

/** Reads and checks a bundle file (bundle-read.ts). */
export async function readBundle(
  path: string,
  options: ImportOptions & { nowMs: number },
): Promise<ReadBundle> {
  let text: string;
  try {
    const st = await stat(path);
    if (st.size > MAX_BUNDLE_BYTES)
      throw new WorkbenchError(
        'file-too-large',
        `${path} is ${st.size} bytes; a session bundle is far smaller`,
      );
    text = await readFile(path, 'utf8');
  } catch (e) {
    if (e instanceof WorkbenchError) throw e;
    throw new WorkbenchError(
      'file-unreadable',
      `cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
  return readBundleText(text, path, options);
}

/**
 * Imports a bundle as a finished session on this workspace's copy of the dataset (matched by
 * format and the dataset's own question ids, the same file name preferred), graded against the
 * gold here, next to every other session on the same questions.
 */
export async function importBundle(
  deps: BundleDeps,
  path: string,
  options: ImportOptions = {},
): Promise<BundleImportResult> {
  return importRead(deps, await readBundle(path, { ...options, nowMs: deps.nowMs() }), path);
}

/** The same from bytes (web mode uploads the file). */
export function importBundleBytes(
  deps: BundleDeps,
  name: string,
  bytes: Uint8Array,
  options: ImportOptions = {},
): BundleImportResult {
  if (bytes.byteLength > MAX_BUNDLE_BYTES)
    throw new WorkbenchError(
      'file-too-large',
      `${name} is ${bytes.byteLength} bytes; a session bundle is far smaller`,
    );
  const text = Buffer.from(bytes).toString('utf8');
  return importRead(deps, readBundleText(text, name, { ...options, nowMs: deps.nowMs() }), name);
}

/**
 * One session is one expert, however often its bundle arrives: a uid already here is refused
 * (made here; the same content: "already imported"; other content under the same key: a
 * finished session does not change; another key: forged or conflicting), and so is a copy of
 * a session already here under another uid (the same answers and event log).
 */
function refuseKnown(deps: BundleDeps, b: ReadBundle, name: string): void {
  const repo = sessionsRepo(deps.db);
  if (b.session.uid !== null) {
    const known = repo.byUid(b.session.uid);
    if (known) {
      const s = known.session;
      if (s.origin === 'local')
        throw new WorkbenchError(
          'duplicate',
          `${name} is session #${s.id} of this workspace (${s.expert}), exported from here; it is already counted`,
        );
      if (known.signerPublicKey !== b.signer.publicKey)
        throw new WorkbenchError(
          'file-mismatch',
          `${name} claims to be session ${b.session.uid}, imported as session #${s.id} signed by key ${s.signerFingerprint ?? 'none'}, but is signed by another key (${b.signer.fingerprint ?? 'none'}): a forged or conflicting copy; not imported`,
        );
      if (s.bundleSha256 === b.contentSha256)
        throw new WorkbenchError(
          'duplicate',
          `${name} is already imported as session #${s.id} (${s.expert}); nothing changed`,
        );
      throw new WorkbenchError(
        'duplicate',
        `${name} is session #${s.id} (${s.expert}) again with different content, signed by the same key; a finished session does not change, so it was not imported (remove session #${s.id} first to replace it)`,
      );
    }
  }
  const same = repo.byBundle(b.contentSha256);
  if (same)
    throw new WorkbenchError(
      'duplicate',
      `${name} is already imported as session #${same.id} (${same.expert}); nothing changed`,
    );
}

/** The dataset of the bundle's format holding all its questions (its own name first). */
function matchDataset(deps: BundleDeps, b: ReadBundle) {
  const wanted = b.questions.map((q) => q.externalId);
  const matches = deps.datasets
    .list()
    .filter((d) => d.format === b.dataset.format)
    .map((d) => ({
      dataset: d,
      byExternal: new Map(deps.datasets.storedQuestions(d.id).map((q) => [q.externalId, q])),
    }))
    .filter((m) => wanted.every((id) => m.byExternal.has(id)))
    .sort(
      (x, y) =>
        Number(y.dataset.name === b.dataset.name) - Number(x.dataset.name === b.dataset.name),
    );
  const match = matches[0];
  if (!match)
    throw new WorkbenchError(
      'not-found',
      `no ${b.dataset.format} dataset in this workspace has all ${wanted.length} questions of the bundle (${wanted.slice(0, 3).join(', ')}${wanted.length > 3 ? ', …' : ''}); import ${b.dataset.name} first`,
    );
  return match;
}

type DatasetMatch = ReturnType<typeof matchDataset>;

/**
 * The bundle's question ids mapped to this workspace's; a warning for each question whose
 * document here differs from the one the expert saw.
 */
function mapQuestions(
  deps: BundleDeps,
  b: ReadBundle,
  match: DatasetMatch,
): { idMap: Map<number, number>; warnings: string[] } {
  const idMap = new Map<number, number>();
  const warnings: string[] = [];
  for (const q of b.questions) {
    const local = match.byExternal.get(q.externalId)!;
    idMap.set(q.questionId, local.id);
    const hashes = documentHashes(deps.db, local.documentId);
    const here = hashes[0];
    if (q.documentSha256 !== null && !hashes.includes(q.documentSha256))
      warnings.push(
        `question ${q.externalId}: document ${q.documentExternalId} here differs from the one the expert saw (sha256 ${q.documentSha256.slice(0, 12)}… vs ${here?.slice(0, 12) ?? 'missing'}…)`,
      );
  }
  return { idMap, warnings };
}

/** A bundle with the event log of a session of the same question set is a copy: refused. */
function refuseCopy(deps: BundleDeps, b: ReadBundle, setKey: string, name: string): void {
  const repo = sessionsRepo(deps.db);
  const external = new Map(b.questions.map((q) => [q.questionId, q.externalId]));
  const keys = new Set(copyKeys(b.answers, b.events, (id) => external.get(id)));
  const copyOf =
    keys.size === 0
      ? undefined
      : repo
          .ofQuestionSet(setKey)
          .find((s) => sessionCopyKeys(repo, s.id).some((k) => keys.has(k)));
  if (copyOf)
    throw new WorkbenchError(
      'duplicate',
      `${name} has the same event log as session #${copyOf.id} (${copyOf.expert}): a copy of one session, not another expert; not imported`,
    );
}

/** A signed session here by the same name under another key: a warning to check, or null. */
function sameNameWarning(deps: BundleDeps, b: ReadBundle): string | null {
  if (b.signer.state !== 'signed') return null;
  const sameName = sessionsRepo(deps.db)
    .list()
    .find(
      (s) =>
        s.signature === 'signed' &&
        s.signerFingerprint !== b.signer.fingerprint &&
        sameExpert(s.expert, b.signer.name),
    );
  return sameName
    ? `session #${sameName.id} by the same name (${sameName.expert}) was signed by another key (${sameName.signerFingerprint ?? '?'}, this one ${b.signer.fingerprint ?? '?'}): check the fingerprint with the expert`
    : null;
}

/**
 * Stores the session with its questions, events, answers and scratch runs under this
 * workspace's question ids. A unique-key clash (another process importing it meanwhile) is
 * said in words, never as SQLite's message.
 */
function storeSession(
  deps: BundleDeps,
  b: ReadBundle,
  match: DatasetMatch,
  setKey: string,
  idMap: Map<number, number>,
  name: string,
): number {
  const local = (id: number | null, what: string): number => {
    const mapped = id === null ? undefined : idMap.get(id);
    if (mapped === undefined)
      throw new WorkbenchError(
        'invalid-input',
        `${name}: ${what} refers to question #${String(id)}, which the bundle does not list`,
      );
    return mapped;
  };
  const s = b.session;
  try {
    return sessionsRepo(deps.db).importSession(
      {
        datasetId: match.dataset.id,
        datasetName: match.dataset.name,
        datasetFormat: match.dataset.format,
        questionSetKey: setKey,
        seed: s.seed,
        stratify: s.stratify,
        budgetSeconds: s.budgetSeconds,
        perQuestionCapSeconds: s.perQuestionCapSeconds,
        expert: s.expert,
        instructions: s.instructions,
        status: 'finished',
        createdAt: s.createdAt,
        finishedAt: b.signedOff.at,
        appVersion: s.appVersion,
        origin: 'imported',
        bundleSha256: b.contentSha256,
        uid: s.uid,
        signature: b.signer.state,
        signerFingerprint: b.signer.fingerprint,
        signerPublicKey: b.signer.publicKey,
        questions: [...b.questions]
          .sort((x, y) => x.position - y.position)
          .map((q) => ({ questionId: idMap.get(q.questionId)!, externalId: q.externalId })),
      },
      b.events.map(({ seq: _seq, ...e }) => ({
        ...e,
        questionId: e.questionId === null ? null : local(e.questionId, `event ${_seq}`),
      })),
      b.answers.map((a) => ({ ...a, questionId: local(a.questionId, 'an answer') })),
      b.scratch.map(({ id: _id, ...r }) => ({
        ...r,
        questionId: local(r.questionId, 'a scratch run'),
      })),
    );
  } catch (e) {
    // The checks before leave nothing for the schema to refuse; another process importing the
    // same session at this moment can.
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT'))
      throw new WorkbenchError(
        code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
          ? 'duplicate'
          : 'invalid-input',
        `${name} could not be stored: it conflicts with a session already here (imported meanwhile?) or with itself; nothing was imported`,
      );
    throw e;
  }
}

function importRead(deps: BundleDeps, b: ReadBundle, name: string): BundleImportResult {
  const repo = sessionsRepo(deps.db);
  refuseKnown(deps, b, name);
  const match = matchDataset(deps, b);
  const { idMap, warnings } = mapQuestions(deps, b, match);
  const wanted = b.questions.map((q) => q.externalId);
  const setKey = questionSetKey(match.dataset.format, match.dataset.name, wanted);
  refuseCopy(deps, b, setKey, name);
  const sameName = sameNameWarning(deps, b);
  if (sameName !== null) warnings.push(sameName);
  const sessionId = storeSession(deps, b, match, setKey, idMap, name);
  deps.grade(sessionId);
  const session = repo.session(sessionId)!;
  return {
    sessionId,
    datasetId: match.dataset.id,
    signer: { state: b.signer.state, name: b.signer.name, fingerprint: b.signer.fingerprint },
    study: {
      questionSetKey: session.questionSetKey,
      sessionIds: repo.ofQuestionSet(session.questionSetKey).map((x) => x.id),
    },
    warnings,
  };
}

/** Names that are one expert's: case, spacing and accents aside. */
export function sameExpert(a: string, b: string): boolean {
  const norm = (s: string) => s.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
  return norm(a) === norm(b);
}
