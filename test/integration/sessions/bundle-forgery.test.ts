import { createHash, createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Method, MethodInput, MethodOutput } from '../../../shared/api/contract';
import type { ApiError } from '../../../shared/api/result';
import { canonicalJson } from '../../../shared/sessions/bundle';
import { sessionsRepo } from '../../../main/db/sessions-repo';
import { fileSecretStore } from '../../../main/secrets/secret-store';
import { fingerprintOf, rawPublicKey, signContent } from '../../../main/sessions/bundle-signature';
import { EXPERT_KEY_NAME } from '../../../main/sessions/expert-identity';
import { tempServices } from '../../support/services';
import { tempDir } from '../../support/temp-dir';
import { compact } from '../../../shared/util/compact';

/*
 * Issue 21 (items 3 and 5): expert bundles cannot be forged or duplicated. Two real workspaces
 * (SQLite files in temp folders), a tiny TAT-QA file of four questions, real Ed25519 keys.
 * Workspace A makes the sessions and exports them; workspace B imports what arrives.
 */

type Ctx = Awaited<ReturnType<typeof tempServices>>;
type Bundle = Record<string, unknown> & {
  version: number;
  exportedAt: string;
  session: Record<string, unknown> & { uid?: string; expert: string; createdAt: string };
  questions: { questionId: number; externalId: string; position: number }[];
  answers: { questionId: number; value: string; updatedAt: string }[];
  events: Record<string, unknown>[];
  signedOff: { expert: string; at: string };
  signer?: { name: string; publicKey: string; fingerprint: string; algorithm: string };
  signature?: string;
};

/** Four arithmetic questions on one small table; gold by question uid. */
const GOLD: Record<string, string> = {
  'q-sales-2019': '150',
  'q-sales-2018': '120',
  'q-change': '30',
  'q-growth': '25',
};

function tatqaFile(dir: string): string {
  const q = (uid: string, order: number, question: string) => ({
    uid,
    order,
    question,
    answer: Number(GOLD[uid]),
    derivation: '',
    answer_type: 'arithmetic',
    answer_from: 'table',
    rel_paragraphs: [],
    req_comparison: false,
    scale: '',
  });
  const records = [
    {
      table: {
        uid: 't-1',
        table: [
          ['', '2019', '2018'],
          ['Product', '100', '80'],
          ['Services', '50', '40'],
          ['Total', '150', '120'],
        ],
      },
      paragraphs: [{ uid: 'p-1', order: 1, text: 'Sales grew in 2019 on product demand.' }],
      questions: [
        q('q-sales-2019', 1, 'What were total sales in 2019?'),
        q('q-sales-2018', 2, 'What were total sales in 2018?'),
        q('q-change', 3, 'What was the change in total sales from 2018 to 2019?'),
        q('q-growth', 4, 'What was the percentage growth in total sales in 2019?'),
      ],
    },
  ];
  const path = join(dir, 'tatqa_tiny.json');
  writeFileSync(path, JSON.stringify(records));
  return path;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const clone = (b: Bundle): Bundle => JSON.parse(JSON.stringify(b)) as Bundle;
const bytesOf = (b: unknown) => new TextEncoder().encode(JSON.stringify(b));
const tick = () => new Promise((r) => setTimeout(r, 5));

/** Signs a bundle's content with `key` as its signer (what an exporter of its own does). */
function signAs(b: Bundle, key: KeyObject, name = b.session.expert): Bundle {
  const { signature: _s, ...content } = b;
  const publicKey = rawPublicKey(key);
  const signed = {
    ...content,
    signer: { algorithm: 'ed25519', name, publicKey, fingerprint: fingerprintOf(publicKey) },
  } as Bundle;
  return { ...signed, signature: signContent(signed, key) };
}

/** The same session as an old, unsigned (version 1) bundle: no uid, no signer, a plain hash. */
function asUnsigned(b: Bundle): Bundle {
  const { signature: _s, signer: _k, sha256: _h, ...body } = b;
  const { uid: _u, ...session } = body.session;
  const v1 = { ...body, version: 1, session } as Bundle;
  return { ...v1, sha256: sha256(canonicalJson(v1)) };
}

/** A refusal is one line with a code: no SQL, no stack overflow, no stack trace. */
function expectOneLine(e: ApiError) {
  expect(e.message).not.toMatch(/UNIQUE constraint|constraint failed|SQLITE_/);
  expect(e.message).not.toMatch(/Maximum call stack/);
  expect(e.message).not.toMatch(/\n\s+at /);
  expect(e.message).not.toContain('\n');
  expect(e.code).not.toBe('internal');
}

describe('expert bundles: signed, not forgeable, not counted twice', () => {
  let a: Ctx;
  let b: Ctx;
  const files = tempDir('bundle-forgery-');
  let datasetA: number;
  let ana: number;
  let bo: number;
  let anaBundle: Bundle;
  let boBundle: Bundle;
  let anaImported: number;
  let boImported: number;

  const callIn = async <M extends Method>(ctx: Ctx, method: M, input: MethodInput<M>) => {
    const r = await ctx.services.registry.call(method, input);
    if (!r.ok) throw new Error(`${method}: ${r.error.code}: ${r.error.message}`);
    return r.value as MethodOutput<M>;
  };
  const refusalIn = async <M extends Method>(ctx: Ctx, method: M, input: MethodInput<M>) => {
    const r = await ctx.services.registry.call(method, input);
    if (r.ok) throw new Error(`${method} was expected to refuse`);
    expectOneLine(r.error);
    return r.error;
  };
  /** Imports a bundle (object or text) into B as an upload; answers the refusal. */
  const refusedInB = (bundle: unknown, allowUnsigned?: boolean) =>
    refusalIn(b, 'sessions.importBundleBytes', {
      name: 'bundle.json',
      bytes: typeof bundle === 'string' ? new TextEncoder().encode(bundle) : bytesOf(bundle),
      ...(allowUnsigned ? { allowUnsigned } : {}),
    });
  const sessionCount = (ctx: Ctx) => sessionsRepo(ctx.services.workspace.db).list().length;

  /** An expert answers every question (right where `right` says so), submits, finishes. */
  async function expert(name: string, right: Record<string, boolean>, sameAs?: number) {
    const { sessionId, session } = await callIn(a, 'sessions.create', {
      datasetId: datasetA,
      questionCount: 4,
      seed: sameAs ?? 1,
      budgetSeconds: 3600,
      expert: name,
      ...compact({ sameQuestionsAs: sameAs }),
    });
    const questions = (await callIn(a, 'sessions.get', { sessionId })).questions;
    for (const q of questions) {
      const saved = await callIn(a, 'sessions.saveAnswer', {
        sessionId,
        questionId: q.id,
        baseRevision: 0,
        value: right[q.externalId] ? GOLD[q.externalId]! : '-1',
      });
      if (saved.status !== 'saved') throw new Error('not saved');
      await callIn(a, 'sessions.submit', {
        sessionId,
        questionId: q.id,
        baseRevision: saved.answer.revision,
      });
    }
    await callIn(a, 'sessions.finish', { sessionId });
    expect(session.uid).toMatch(/^[0-9a-f-]{36}$/);
    return sessionId;
  }

  const exported = async (sessionId: number): Promise<Bundle> => {
    const r = await callIn(a, 'sessions.bundleBytes', { sessionId });
    return JSON.parse(Buffer.from(r.bytes).toString('utf8')) as Bundle;
  };

  beforeAll(async () => {
    a = await tempServices();
    b = await tempServices();
    const file = tatqaFile(files.dir);
    datasetA = (await callIn(a, 'datasets.import', { path: file, format: 'tatqa' })).dataset.id;
    await callIn(b, 'datasets.import', { path: file, format: 'tatqa' });
    // Ana: right on the two sales totals; Bo: also on the change. Agreement 3/4, κ = 0.5.
    ana = await expert('Ana', { 'q-sales-2019': true, 'q-sales-2018': true });
    bo = await expert('Bo', { 'q-sales-2019': true, 'q-sales-2018': true, 'q-change': true }, ana);
    anaBundle = await exported(ana);
    boBundle = await exported(bo);
  }, 60_000);
  afterAll(() => {
    a?.cleanup();
    b?.cleanup();
    files.cleanup();
  });

  it('signs an export with the workspace’s expert key, created once and kept like API keys', async () => {
    expect(anaBundle).toMatchObject({
      version: 2,
      session: { uid: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown, expert: 'Ana' },
      signer: { algorithm: 'ed25519', name: 'Ana' },
    });
    expect(anaBundle.signature).toMatch(/^[A-Za-z0-9+/]{86}==$/);
    // One key for the workspace: both experts' bundles name the same fingerprint.
    expect(boBundle.signer!.fingerprint).toBe(anaBundle.signer!.fingerprint);
    expect(anaBundle.signer!.fingerprint).toBe(fingerprintOf(anaBundle.signer!.publicKey));
    expect(anaBundle.signer!.fingerprint).toMatch(/^[0-9a-f]{4}( [0-9a-f]{4}){3}$/);
    // The private key: in the workspace's own 0600 secret file, not in the secrets API.
    const keyFile = join(a.dir, 'expert-identity.json');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const pem = await fileSecretStore(a.dir, undefined, 'expert-identity').get(EXPERT_KEY_NAME);
    expect(pem).toContain('BEGIN PRIVATE KEY');
    expect(await callIn(a, 'secrets.list', {})).toMatchObject({ names: [] });
    // Exporting by path says the same fingerprint.
    const path = join(files.dir, 'ana.json');
    const byPath = await callIn(a, 'sessions.exportBundle', { sessionId: ana, path });
    expect(byPath.fingerprint).toBe(anaBundle.signer!.fingerprint);
  });

  it('refuses forged bundles and stores nothing', async () => {
    const before = sessionCount(b);
    const other = generateKeyPairSync('ed25519').privateKey;

    // Answers edited, and the old unkeyed hash recomputed as a forger would: still signed
    // content that no longer matches its signature.
    const edited = clone(anaBundle);
    const third = edited.answers[2]!;
    third.value = third.value === '-1' ? '12' : '-1';
    edited.sha256 = sha256(canonicalJson({ ...edited, signature: undefined }));
    const e1 = await refusedInB(edited);
    expect(e1.code).toBe('file-mismatch');
    expect(e1.message).toMatch(/was changed after it was signed/);

    // The expert's name changed everywhere it appears.
    const renamed = clone(anaBundle);
    renamed.session.expert = 'Carol';
    renamed.signedOff.expert = 'Carol';
    renamed.signer!.name = 'Carol';
    const e2 = await refusedInB(renamed);
    expect(e2.code).toBe('file-mismatch');
    expect(e2.message).toMatch(/was changed after it was signed/);

    // A signature made by another key, the bundle still naming Ana's key.
    const otherSig = clone(anaBundle);
    const { signature: _s, ...content } = otherSig;
    otherSig.signature = signContent(content, other);
    const e3 = await refusedInB(otherSig);
    expect(e3).toMatchObject({ code: 'file-mismatch' });
    expect(e3.message).toMatch(/was changed after it was signed/);

    // The public key swapped for another (fingerprint updated to match), Ana's signature kept.
    const swapped = clone(anaBundle);
    swapped.signer!.publicKey = rawPublicKey(other);
    swapped.signer!.fingerprint = fingerprintOf(swapped.signer!.publicKey);
    const e4 = await refusedInB(swapped);
    expect(e4.code).toBe('file-mismatch');
    expect(e4.message).toMatch(/was changed after it was signed/);

    // The key swapped but the fingerprint left: the bundle contradicts itself.
    const stale = clone(anaBundle);
    stale.signer!.publicKey = rawPublicKey(other);
    const e5 = await refusedInB(stale);
    expect(e5.code).toBe('file-mismatch');

    expect(sessionCount(b)).toBe(before);
  });

  it('imports a signed bundle saying who signed it; a replay (re-exported) is the same expert', async () => {
    const first = await callIn(b, 'sessions.importBundleBytes', {
      name: 'ana.json',
      bytes: bytesOf(anaBundle),
    });
    expect(first.signer).toEqual({
      state: 'signed',
      name: 'Ana',
      fingerprint: anaBundle.signer!.fingerprint,
    });
    anaImported = first.sessionId;
    const stored = sessionsRepo(b.services.workspace.db).session(anaImported)!;
    expect(stored).toMatchObject({
      uid: anaBundle.session.uid,
      signature: 'signed',
      signerFingerprint: anaBundle.signer!.fingerprint,
      origin: 'imported',
    });
    boImported = (
      await callIn(b, 'sessions.importBundleBytes', { name: 'bo.json', bytes: bytesOf(boBundle) })
    ).sessionId;

    // Ana's session exported again later: only exportedAt differs. Five times over.
    const count = sessionCount(b);
    for (let i = 0; i < 5; i++) {
      await tick();
      const again = await exported(ana);
      expect(again.exportedAt).not.toBe(anaBundle.exportedAt);
      expect(again.session.uid).toBe(anaBundle.session.uid);
      const e = await refusedInB(again);
      expect(e.code).toBe('duplicate');
      expect(e.message).toMatch(
        new RegExp(`already imported as session #${anaImported} \\(Ana\\); nothing changed`),
      );
    }
    // The same file by path too (the CLI's way).
    const byPath = await refusalIn(b, 'sessions.importBundle', {
      path: join(files.dir, 'ana.json'),
    });
    expect(byPath.code).toBe('duplicate');
    expect(sessionCount(b)).toBe(count);

    // Same uid, other content, signed by the same key (Ana's workspace re-signing an edit):
    // a finished session does not change.
    const pem = (await fileSecretStore(a.dir, undefined, 'expert-identity').get(EXPERT_KEY_NAME))!;
    const anaKey = createPrivateKey(pem);
    const changed = clone(anaBundle);
    changed.answers[0]!.value = '999';
    const e1 = await refusedInB(signAs(changed, anaKey));
    expect(e1.code).toBe('duplicate');
    expect(e1.message).toMatch(/different content.*a finished session does not change/);

    // Same uid, another key: forged or conflicting.
    const other = generateKeyPairSync('ed25519').privateKey;
    const e2 = await refusedInB(signAs(clone(anaBundle), other));
    expect(e2.code).toBe('file-mismatch');
    expect(e2.message).toMatch(/signed by another key .*forged or conflicting/);

    // A new uid and name, re-signed by a key of its own (a Sybil "expert" made of Ana's
    // session): the same event log, so a copy, not another expert.
    const sybil = clone(anaBundle);
    sybil.session.uid = '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
    sybil.session.expert = 'Dan';
    sybil.signedOff.expert = 'Dan';
    const e3 = await refusedInB(signAs(sybil, other, 'Dan'));
    expect(e3.code).toBe('duplicate');
    expect(e3.message).toMatch(
      new RegExp(`same event log as session #${anaImported} \\(Ana\\): a copy`),
    );
    // Its answers edited as well: the event log still gives it away.
    sybil.answers[1]!.value = '7';
    const e4 = await refusedInB(signAs(sybil, other, 'Dan'));
    expect(e4.code).toBe('duplicate');
    expect(sessionCount(b)).toBe(count);

    // Exported back into the workspace that made it: already counted there.
    const home = await refusalIn(a, 'sessions.importBundleBytes', {
      name: 'ana.json',
      bytes: bytesOf(anaBundle),
    });
    expect(home.code).toBe('duplicate');
    expect(home.message).toMatch(new RegExp(`is session #${ana} of this workspace`));
  });

  it('counts one session once in agreement and kappa, even copies stored before uids', async () => {
    const pair = await callIn(b, 'sessions.agreement', { sessionIds: [anaImported, boImported] });
    expect(pair).toMatchObject({ n: 4, percent: 0.75, excluded: [] });
    expect(pair.cohenKappa).toBeCloseTo(0.5, 12);
    expect(pair.raters.map((r) => [r.expert, r.signature])).toEqual([
      ['Ana', 'signed'],
      ['Bo', 'signed'],
    ]);
    // The same in the workspace that made them.
    const home = await callIn(a, 'sessions.agreement', { sessionIds: [ana, bo] });
    expect(home.cohenKappa).toBeCloseTo(0.5, 12);

    // Five copies of Ana as the importer before this change stored them: no uid, unsigned, a
    // bundle hash of their own (exportedAt differed), the same answers and event log.
    const repo = sessionsRepo(b.services.workspace.db);
    const s = repo.session(anaImported)!;
    const questions = repo.questions(anaImported);
    const copies: number[] = [];
    for (let i = 0; i < 5; i++)
      copies.push(
        repo.importSession(
          {
            ...s,
            origin: 'imported',
            bundleSha256: sha256(`old export ${i}`),
            uid: null,
            signature: 'unsigned',
            signerFingerprint: null,
            signerPublicKey: null,
            questions,
          },
          repo.events(anaImported).map(({ seq: _q, ...e }) => e),
          repo.answers(anaImported),
          [],
        ),
      );
    copies.forEach((id) => b.services.sessions.grade(id));
    const all = await callIn(b, 'sessions.agreement', {
      sessionIds: [anaImported, ...copies, boImported],
    });
    expect(all.sessionIds).toEqual([anaImported, boImported]);
    expect(all.n).toBe(4);
    expect(all.percent).toBe(0.75);
    expect(all.cohenKappa).toBeCloseTo(0.5, 12);
    expect(all.fleissKappa).toBeCloseTo(pair.fleissKappa!, 12);
    expect(all.excluded).toHaveLength(5);
    for (const x of all.excluded) {
      expect(x.sameAs).toBe(anaImported);
      expect(x.reason).toMatch(/a copy/);
    }
    // Only the copies: one expert, refused in a sentence.
    const only = await refusalIn(b, 'sessions.agreement', { sessionIds: [anaImported, ...copies] });
    expect(only.code).toBe('invalid-input');
    expect(only.message).toMatch(/agreement needs two different experts/);
    // The same expert (same key, same name) on the same questions twice counts once too.
    const again = await refusalIn(a, 'sessions.agreement', {
      sessionIds: [ana, await expert('ana ', { 'q-change': true }, ana)],
    });
    expect(again.message).toMatch(/counts as #\d+, the same expert \(ana, made here\)/);
    for (const id of copies) repo.remove(id);
  });

  it('imports an unsigned (version 1) bundle only when allowed, and marks it unsigned', async () => {
    const c = await tempServices();
    try {
      const file = tatqaFile(files.dir);
      await callIn(c, 'datasets.import', { path: file, format: 'tatqa' });
      const old = asUnsigned(anaBundle);
      const refused = await refusalIn(c, 'sessions.importBundleBytes', {
        name: 'old.json',
        bytes: bytesOf(old),
      });
      expect(refused.code).toBe('unsupported');
      expect(refused.message).toMatch(/is an unsigned bundle .*--allow-unsigned/);
      // An unsigned bundle edited without recomputing its hash is still caught.
      const edited = clone(old);
      edited.answers[0]!.value = '1';
      const bad = await refusalIn(c, 'sessions.importBundleBytes', {
        name: 'old.json',
        bytes: bytesOf(edited),
        allowUnsigned: true,
      });
      expect(bad.code).toBe('file-mismatch');
      // Allowed: imported, said and stored as unsigned.
      const path = join(files.dir, 'old.json');
      writeFileSync(path, JSON.stringify(old));
      const ok = await callIn(c, 'sessions.importBundle', { path, allowUnsigned: true });
      expect(ok.signer).toEqual({ state: 'unsigned', name: 'Ana', fingerprint: null });
      const signed = await callIn(c, 'sessions.importBundleBytes', {
        name: 'bo.json',
        bytes: bytesOf(boBundle),
      });
      const ag = await callIn(c, 'sessions.agreement', {
        sessionIds: [ok.sessionId, signed.sessionId],
      });
      expect(ag.raters).toEqual([
        { sessionId: ok.sessionId, expert: 'Ana', signature: 'unsigned', fingerprint: null },
        {
          sessionId: signed.sessionId,
          expert: 'Bo',
          signature: 'signed',
          fingerprint: boBundle.signer!.fingerprint,
        },
      ]);
      expect(ag.cohenKappa).toBeCloseTo(0.5, 12);
      // The signed version of the same session after the unsigned one: a copy, refused.
      const dup = await refusalIn(c, 'sessions.importBundleBytes', {
        name: 'ana.json',
        bytes: bytesOf(anaBundle),
      });
      expect(dup.code).toBe('duplicate');
      // The same unsigned file again: already imported.
      const again = await refusalIn(c, 'sessions.importBundle', { path, allowUnsigned: true });
      expect(again.code).toBe('duplicate');
    } finally {
      c.cleanup();
    }
  });

  it('refuses malformed bundles with one line and an exact code', async () => {
    const before = sessionCount(b);
    const key = generateKeyPairSync('ed25519').privateKey;
    // Each case is signed (by an exporter of its own) so only the content is at fault.
    const fresh = () => {
      const x = clone(anaBundle);
      x.session.uid = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
      return x;
    };
    const signedCase = async (edit: (x: Bundle) => void) => {
      const x = fresh();
      edit(x);
      return refusedInB(signAs(x, key));
    };

    const twoAnswers = await signedCase((x) => {
      x.answers.push({ ...x.answers[0]!, value: '42' });
    });
    expect(twoAnswers.code).toBe('invalid-input');
    expect(twoAnswers.message).toMatch(/has two answers; a session holds one answer per question/);

    const notADate = await signedCase((x) => {
      x.session.createdAt = 'not a date';
    });
    expect(notADate.code).toBe('invalid-input');
    expect(notADate.message).toMatch(/session.createdAt "not a date" is not an ISO 8601 date/);
    for (const bad of ['2026-02-30T10:00:00.000Z', '2026-13-01T10:00:00Z', '20261127']) {
      const e = await signedCase((x) => {
        x.answers[0]!.updatedAt = bad;
      });
      expect(e.code).toBe('invalid-input');
      expect(e.message).toMatch(/updatedAt .* is not an ISO 8601 date/);
    }
    for (const absurd of ['1970-01-01T00:00:00.000Z', '2999-01-01T00:00:00.000Z']) {
      const e = await signedCase((x) => {
        x.exportedAt = absurd;
      });
      expect(e.code).toBe('invalid-input');
      expect(e.message).toMatch(/exportedAt .* is out of range/);
    }
    const backwards = await signedCase((x) => {
      x.session.createdAt = new Date(Date.parse(x.signedOff.at) + 60_000).toISOString();
    });
    expect(backwards.code).toBe('invalid-input');
    expect(backwards.message).toMatch(/finished .* before it started/);

    const dupQuestion = await signedCase((x) => {
      x.questions.push({ ...x.questions[0]!, questionId: 987_654, position: 99 });
    });
    expect(dupQuestion.code).toBe('invalid-input');
    expect(dupQuestion.message).toMatch(/is listed twice; each question appears once/);

    // 10,000 levels deep: refused on the text, before any recursive walk.
    const deep = JSON.stringify(fresh()).replace(
      '"answers":',
      `"extra":${'['.repeat(10_000)}${']'.repeat(10_000)},"answers":`,
    );
    const tooDeep = await refusedInB(deep);
    expect(tooDeep.code).toBe('invalid-input');
    expect(tooDeep.message).toMatch(/nested more than 64 levels deep/);
    const deepObject = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    expect((await refusedInB(deepObject)).code).toBe('invalid-input');

    // From a newer version of the app.
    const newer = await signedCase((x) => {
      x.version = 3;
    });
    expect(newer.code).toBe('unsupported');
    expect(newer.message).toMatch(/version 3 session bundle .*update the app/);

    // Not a bundle at all; a signed bundle without its signature.
    expect((await refusedInB('[1,2,3]')).code).toBe('invalid-input');
    const { signature: _s, ...unsigned2 } = signAs(fresh(), key);
    const noSig = await refusedInB(unsigned2);
    expect(noSig.code).toBe('invalid-input');
    expect(noSig.message).toMatch(/not a valid session bundle: signature/);

    // The same checks on the unsigned path.
    const oldTwo = asUnsigned(fresh());
    oldTwo.answers.push({ ...oldTwo.answers[0]! });
    const { sha256: _h, ...body } = oldTwo;
    oldTwo.sha256 = sha256(canonicalJson(body));
    const e = await refusedInB(oldTwo, true);
    expect(e.code).toBe('invalid-input');
    expect(e.message).toMatch(/has two answers/);

    expect(sessionCount(b)).toBe(before);
  });

  it('still refuses a bundle whose dataset is not here (not-found)', async () => {
    const empty = await tempServices();
    try {
      const e = await refusalIn(empty, 'sessions.importBundleBytes', {
        name: 'ana.json',
        bytes: bytesOf(anaBundle),
      });
      expect(e.code).toBe('not-found');
    } finally {
      empty.cleanup();
    }
  });
});
