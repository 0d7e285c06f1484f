import { randomUUID } from 'node:crypto';
import type { Migration } from './migration';

/**
 * Expert sessions get an identity of their own (docs/sessions.md "Bundles"): `session_uid`, a
 * random UUID chosen when the session is created and carried by its bundle, so importing the
 * same session again is recognised instead of becoming a second expert; and how an imported
 * session is vouched for (`signature`: `local`, `signed` by the Ed25519 key whose public key and
 * fingerprint are kept, or `unsigned`). Sessions made here before get a fresh uid; sessions
 * imported before came from unsigned bundles without one: they keep none and are `unsigned`
 * (agreement recognises copies of them by their answers and event log instead).
 */
export const m0017SessionIdentity: Migration = {
  version: 17,
  name: 'session-identity',
  up: (db) => {
    db.exec(`
      ALTER TABLE sessions ADD COLUMN session_uid TEXT CHECK (length(session_uid) = 36);
      ALTER TABLE sessions ADD COLUMN signature TEXT NOT NULL DEFAULT 'local' CHECK (signature IN ('local', 'signed', 'unsigned'));
      ALTER TABLE sessions ADD COLUMN signer_public_key TEXT;
      ALTER TABLE sessions ADD COLUMN signer_fingerprint TEXT;
      UPDATE sessions SET signature = 'unsigned' WHERE origin = 'imported';
      CREATE UNIQUE INDEX sessions_by_uid ON sessions (session_uid) WHERE session_uid IS NOT NULL;
    `);
    const local = db
      .prepare<[], { id: number }>("SELECT id FROM sessions WHERE origin = 'local' ORDER BY id")
      .all();
    const setUid = db.prepare<[string, number]>('UPDATE sessions SET session_uid = ? WHERE id = ?');
    for (const { id } of local) setUid.run(randomUUID(), id);
  },
};
