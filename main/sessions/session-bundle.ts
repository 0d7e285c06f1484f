import { createHash } from 'node:crypto';
import { readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import type { Database } from 'better-sqlite3';
import { WorkbenchError } from '../../shared/api/result';
import type { StoredQuestion } from '../../shared/datasets';
import {
  canonicalJson,
  SESSION_BUNDLE_FORMAT,
  SESSION_BUNDLE_VERSION,
  SessionBundle,
} from '../../shared/sessions/bundle';
import type { BundleImportResult } from '../../shared/sessions/session';
import type { DatasetService } from '../datasets/dataset-service';
import { sessionsRepo } from '../db/sessions-repo';
import { questionSetKey } from './question-set-key';

/** Bundles hold answers and events, never documents: anything near this size is not one. */
const MAX_BUNDLE_BYTES = 256 * 1024 * 1024;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** SHA-256 of what the expert saw: a library file's own hash, or a record's stored JSON. */
function documentSha256(db: Database, documentId: number | null): string | null {
  if (documentId === null) return null;
  const r = db
    .prepare<[number], { sha256: string | null; model: string | null }>(
      `SELECT d.sha256, r.model FROM documents d LEFT JOIN dataset_records r ON r.document_id = d.id
       WHERE d.id = ?`,
    )
    .get(documentId);
  if (!r) return null;
  return r.sha256 ?? (r.model !== null ? sha256(r.model) : null);
}

export interface BundleDeps {
  db: Database;
  datasets: DatasetService;
  appVersion: string;
  nowIso: () => string;
  question: (id: number) => StoredQuestion | undefined;
  /** Grades an imported session against this workspace's gold. */
  grade: (sessionId: number) => void;
}

/**
 * Writes a finished session as a signed-off bundle (docs/sessions.md): JSON with a SHA-256 over
 * its canonical content, written under a temporary name and renamed, so a crash leaves the old
 * file or the new one, never half of one.
 */
export function bundleText(
  deps: BundleDeps,
  sessionId: number,
): { text: string; sha256: string; name: string } {
  const repo = sessionsRepo(deps.db);
  const s = repo.session(sessionId);
  if (!s) throw new WorkbenchError('not-found', `no session #${sessionId} in this workspace`);
  if (s.status !== 'finished' || s.finishedAt === null)
    throw new WorkbenchError(
      'unsupported',
      `session #${s.id} is still open; finish it (the expert signs off) before exporting`,
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
  const { origin: _o, bundleSha256: _b, datasetId: _d, ...session } = s;
  const body = {
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
  };
  const hash = sha256(canonicalJson(body));
  const text = `${JSON.stringify({ ...body, sha256: hash }, null, 1)}\n`;
  const expert = s.expert.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'expert';
  return { text, sha256: hash, name: `session-${s.id}-${expert}.json` };
}

export async function exportBundle(
  deps: BundleDeps,
  sessionId: number,
  path: string,
): Promise<{ path: string; sha256: string; bytes: number }> {
  const { text, sha256: hash } = bundleText(deps, sessionId);
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
  return { path, sha256: hash, bytes: Buffer.byteLength(text) };
}

/** Reads and checks a bundle: format, version, schema, then the hash. */
export async function readBundle(path: string): Promise<SessionBundle> {
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
  return parseBundle(text, path);
}

/** Checks a bundle's text: format, version, schema, then the hash. `name` is for messages. */
export function parseBundle(text: string, path: string): SessionBundle {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new WorkbenchError('invalid-input', `${path} is not JSON: ${(e as Error).message}`);
  }
  const head = (raw ?? {}) as { format?: unknown; version?: unknown; appVersion?: unknown };
  if (head.format !== SESSION_BUNDLE_FORMAT)
    throw new WorkbenchError(
      'invalid-input',
      `${path} is not a session bundle (format "${String(head.format)}", expected "${SESSION_BUNDLE_FORMAT}")`,
    );
  if (typeof head.version === 'number' && head.version > SESSION_BUNDLE_VERSION)
    throw new WorkbenchError(
      'unsupported',
      `${path} is a version ${head.version} session bundle (written by Filing Workbench ${String(head.appVersion)}); this app reads version ${SESSION_BUNDLE_VERSION} — update the app to import it`,
    );
  const parsed = SessionBundle.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new WorkbenchError(
      'invalid-input',
      `${path} is not a valid session bundle: ${first?.path.join('.') ?? ''} ${first?.message ?? ''}`.trim(),
    );
  }
  const { sha256: stated, ...body } = raw as Record<string, unknown>;
  const actual = sha256(canonicalJson(body));
  if (actual !== stated)
    throw new WorkbenchError(
      'file-mismatch',
      `${path} was changed after it was exported: its content hash is ${actual.slice(0, 12)}…, the bundle says ${String(stated).slice(0, 12)}…; ask the expert for the original file`,
    );
  return parsed.data;
}

/**
 * Imports a bundle as a finished session on this workspace's copy of the dataset (matched by
 * format and the dataset's own question ids, the same file name preferred), graded against the
 * gold here, next to every other session on the same questions.
 */
export async function importBundle(deps: BundleDeps, path: string): Promise<BundleImportResult> {
  return importParsed(deps, await readBundle(path), path);
}

/** The same from bytes (web mode uploads the file). */
export function importBundleBytes(
  deps: BundleDeps,
  name: string,
  bytes: Uint8Array,
): BundleImportResult {
  if (bytes.byteLength > MAX_BUNDLE_BYTES)
    throw new WorkbenchError(
      'file-too-large',
      `${name} is ${bytes.byteLength} bytes; a session bundle is far smaller`,
    );
  return importParsed(deps, parseBundle(Buffer.from(bytes).toString('utf8'), name), name);
}

function importParsed(deps: BundleDeps, b: SessionBundle, path: string): BundleImportResult {
  const repo = sessionsRepo(deps.db);
  const existing = repo.byBundle(b.sha256);
  if (existing)
    throw new WorkbenchError(
      'duplicate',
      `this bundle is already imported as session #${existing.id} (${existing.expert})`,
    );
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
  const idMap = new Map<number, number>();
  const warnings: string[] = [];
  for (const q of b.questions) {
    const local = match.byExternal.get(q.externalId)!;
    idMap.set(q.questionId, local.id);
    const here = documentSha256(deps.db, local.documentId);
    if (q.documentSha256 !== null && here !== q.documentSha256)
      warnings.push(
        `question ${q.externalId}: document ${q.documentExternalId} here differs from the one the expert saw (sha256 ${q.documentSha256.slice(0, 12)}… vs ${here?.slice(0, 12) ?? 'missing'}…)`,
      );
  }
  const local = (id: number | null, what: string): number => {
    const mapped = id === null ? undefined : idMap.get(id);
    if (mapped === undefined)
      throw new WorkbenchError(
        'invalid-input',
        `${path}: ${what} refers to question #${String(id)}, which the bundle does not list`,
      );
    return mapped;
  };
  const s = b.session;
  const sessionId = repo.importSession(
    {
      datasetId: match.dataset.id,
      datasetName: match.dataset.name,
      datasetFormat: match.dataset.format,
      questionSetKey: questionSetKey(match.dataset.format, match.dataset.name, wanted),
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
      bundleSha256: b.sha256,
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
  deps.grade(sessionId);
  const session = repo.session(sessionId)!;
  return {
    sessionId,
    datasetId: match.dataset.id,
    study: {
      questionSetKey: session.questionSetKey,
      sessionIds: repo.ofQuestionSet(session.questionSetKey).map((x) => x.id),
    },
    warnings,
  };
}
