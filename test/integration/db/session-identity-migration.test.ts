import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../main/db/migrate';
import { migrations } from '../../../main/db/migrations';
import { sessionsRepo } from '../../../main/db/sessions-repo';
import { tempDir } from '../../support/temp-dir';

/*
 * Migration 17 gives sessions an identity (issue 21): sessions made here before get a random
 * uid each; sessions imported before came from unsigned bundles, keep no uid and are marked
 * `unsigned`. A workspace written by the previous version comes through whole.
 */
describe('migration 17: session identity', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => cleanups.splice(0).forEach((c) => c()));

  it('gives local sessions a uid each and marks imported ones unsigned', () => {
    const t = tempDir();
    cleanups.push(t.cleanup);
    const db = new Database(join(t.dir, 'workbench.sqlite'));
    db.pragma('foreign_keys = ON');
    migrate(db, migrations.slice(0, 16));
    const ins = db.prepare(
      `INSERT INTO sessions (id, dataset_id, dataset_name, dataset_format, question_set_key, seed,
         stratify, budget_seconds, expert, instructions, status, created_at, finished_at,
         app_version, origin, bundle_sha256)
       VALUES (?, NULL, 'd.json', 'tatqa', 'k', 1, 'none', 600, ?, '', 'finished',
         '2026-01-01T00:00:00.000Z', '2026-01-01T01:00:00.000Z', '0.1.0', ?, ?)`,
    );
    ins.run(1, 'Ana', 'local', null);
    ins.run(2, 'Bo', 'local', null);
    ins.run(3, 'Cy', 'imported', 'a'.repeat(64));
    ins.run(4, 'Cy', 'imported', 'b'.repeat(64));
    migrate(db, migrations);
    const repo = sessionsRepo(db);
    const [ana, bo, cy, cy2] = [1, 2, 3, 4].map((id) => repo.session(id)!);
    expect(ana!.uid).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(bo!.uid).not.toBe(ana!.uid);
    expect([ana!.signature, bo!.signature]).toEqual(['local', 'local']);
    expect(cy).toMatchObject({ uid: null, signature: 'unsigned', signerFingerprint: null });
    expect(cy2).toMatchObject({ uid: null, signature: 'unsigned', bundleSha256: 'b'.repeat(64) });
    // One uid, one session.
    expect(() =>
      db.prepare('UPDATE sessions SET session_uid = ? WHERE id = 2').run(ana!.uid),
    ).toThrow(/UNIQUE/);
    db.close();
  });
});
