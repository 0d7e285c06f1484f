import Database from 'better-sqlite3';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WorkbenchError } from '../../../shared/api/result';
import { migrate, schemaVersion } from '../../../main/db/migrate';
import { latestSchemaVersion, migrations } from '../../../main/db/migrations';
import { openDatabase } from '../../../main/db/open';
import { tempDir } from '../../support/temp-dir';

const snapshotPath = join(__dirname, 'schema.snapshot.sql');

function schemaOf(db: Database.Database): string {
  const rows = db
    .prepare<[], { sql: string }>(
      "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY type, name",
    )
    .all();
  return `${rows.map((r) => `${r.sql.trim()};`).join('\n\n')}\n`;
}

/**
 * Compares the schema with the snapshot file. The file is written only when asked (`update`,
 * from UPDATE_SCHEMA_SNAPSHOT=1): a missing snapshot (deleted, or lost in a merge) fails, or
 * the test would pass by writing down whatever schema the migrations now make.
 */
function checkSnapshot(schema: string, path: string, update: boolean): void {
  if (update) writeFileSync(path, schema);
  if (!existsSync(path)) {
    throw new Error(
      `${path} is missing, so the schema cannot be checked.\n` +
        'Restore it from git (git checkout HEAD -- test/integration/db/schema.snapshot.sql), or, to write ' +
        'it from the migrations on purpose, run\n' +
        '  UPDATE_SCHEMA_SNAPSHOT=1 npx vitest run --config vitest.config.mts test/integration/db\n' +
        'then review and commit it.',
    );
  }
  const expected = readFileSync(path, 'utf8');
  if (schema !== expected) {
    throw new Error(
      'The database schema differs from test/integration/db/schema.snapshot.sql.\n' +
        'If you changed the schema on purpose: add a NEW migration file in main/db/migrations/ (never edit a shipped one), ' +
        'list it in main/db/migrations/index.ts, then run\n' +
        '  UPDATE_SCHEMA_SNAPSHOT=1 npx vitest run --config vitest.config.mts test/integration/db\n' +
        'and commit the updated snapshot.\n\nActual schema:\n' +
        schema,
    );
  }
}

describe('migrations', () => {
  const dirs: (() => void)[] = [];
  afterEach(() => dirs.splice(0).forEach((c) => c()));
  const freshPath = () => {
    const t = tempDir();
    dirs.push(t.cleanup);
    return join(t.dir, 'workbench.sqlite');
  };

  it('are numbered 1..N in order', () => {
    migrations.forEach((m, i) => expect(m.version).toBe(i + 1));
    expect(latestSchemaVersion).toBe(migrations.length);
  });

  it('bring an empty database to the latest version with WAL and foreign keys on', () => {
    const db = openDatabase(freshPath());
    expect(schemaVersion(db)).toBe(latestSchemaVersion);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    db.close();
  });

  it('each migration applies on top of the previous ones on a real file', () => {
    const path = freshPath();
    for (let n = 1; n <= migrations.length; n++) {
      const db = new Database(path);
      migrate(db, migrations.slice(0, n));
      expect(schemaVersion(db)).toBe(n);
      db.close();
    }
  });

  it('are idempotent: reopening changes nothing', () => {
    const path = freshPath();
    const before = schemaOf(openDatabase(path));
    const db = openDatabase(path);
    expect(schemaOf(db)).toBe(before);
    db.close();
  });

  it('refuse a database written by a newer version, leaving it untouched', () => {
    const path = freshPath();
    const raw = new Database(path);
    raw.pragma(`user_version = ${latestSchemaVersion + 5}`);
    raw.close();
    const bytes = readFileSync(path);
    expect(() => openDatabase(path)).toThrow(WorkbenchError);
    try {
      openDatabase(path);
    } catch (e) {
      expect((e as WorkbenchError).code).toBe('workspace-too-new');
      expect((e as Error).message).toMatch(/schema version \d+.*update the app/);
    }
    expect(readFileSync(path).equals(bytes)).toBe(true);
  });

  it('roll back a failing migration completely', () => {
    const path = freshPath();
    const db = new Database(path);
    const broken = [
      ...migrations,
      {
        version: migrations.length + 1,
        name: 'broken',
        up: (d: Database.Database) => {
          d.exec('CREATE TABLE half_done (x INTEGER) STRICT');
          d.exec('THIS IS NOT SQL');
        },
      },
    ];
    expect(() => migrate(db, broken)).toThrow();
    expect(schemaVersion(db)).toBe(migrations.length);
    expect(
      db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'half_done'").get(),
    ).toEqual({ n: 0 });
    db.close();
  });

  it('match the schema snapshot', () => {
    const db = openDatabase(freshPath());
    const schema = schemaOf(db);
    // FTS5 creates its own shadow tables (retrieval_units_data, ...), which cannot be STRICT;
    // every table a migration creates must be.
    const shadow = db
      .prepare<[], { name: string }>("SELECT name FROM pragma_table_list WHERE type = 'shadow'")
      .all()
      .map((r) => r.name);
    db.close();
    checkSnapshot(schema, snapshotPath, process.env.UPDATE_SCHEMA_SNAPSHOT === '1');
    // STRICT tables only: SQLite then rejects values of the wrong type instead of storing them.
    const ours = schema
      .split('\n\n')
      .filter((sql) => !shadow.some((name) => sql.startsWith(`CREATE TABLE '${name}'(`)))
      .join('\n\n');
    expect(ours).not.toMatch(/CREATE TABLE (?![^;]*STRICT)[^;]*;/);
  });

  it('fail, and write nothing, when the schema snapshot is missing', () => {
    const t = tempDir();
    dirs.push(t.cleanup);
    const missing = join(t.dir, 'schema.snapshot.sql');
    expect(() => checkSnapshot('CREATE TABLE t (x INTEGER) STRICT;\n', missing, false)).toThrow(
      /is missing[\s\S]*UPDATE_SCHEMA_SNAPSHOT=1/,
    );
    expect(existsSync(missing)).toBe(false);
    // A snapshot that differs fails too; only an explicit update writes.
    writeFileSync(missing, 'CREATE TABLE other (y TEXT) STRICT;\n');
    expect(() => checkSnapshot('CREATE TABLE t (x INTEGER) STRICT;\n', missing, false)).toThrow(
      /differs/,
    );
    checkSnapshot('CREATE TABLE t (x INTEGER) STRICT;\n', missing, true);
    expect(readFileSync(missing, 'utf8')).toBe('CREATE TABLE t (x INTEGER) STRICT;\n');
  });
});
