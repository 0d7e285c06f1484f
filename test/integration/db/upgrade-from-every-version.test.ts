import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { schemaVersion } from '../../../main/db/migrate';
import { latestSchemaVersion } from '../../../main/db/migrations';
import { openDatabase } from '../../../main/db/open';
import { retrievalSchemaSql } from '../../../main/retrieval/index-schema';
import { tempDir } from '../../support/temp-dir';
import { checkSeeds, createOldWorkspace, type Db, type OldWorkspace } from './old-workspaces';

/*
 * A workspace left by each earlier schema version, with rows in every table (old-workspaces.ts
 * makes them, and says why that proves something only while migrations stay frozen), opened by
 * this app: it migrates to the latest version, keeps its rows (counts, and values per seed),
 * passes SQLite's integrity and foreign key checks, and ends with exactly the schema a new
 * workspace gets.
 */

/** sqlite_master of the tables, indexes and triggers, whitespace collapsed. */
function schemaOf(db: Db): { type: string; name: string; tbl_name: string; sql: string }[] {
  return db
    .prepare<[], { type: string; name: string; tbl_name: string; sql: string }>(
      "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY type, name",
    )
    .all()
    .map((r) => ({ ...r, sql: r.sql.replace(/\s+/g, ' ').trim() }));
}

/** Rows per table (virtual tables included; FTS5's shadow tables and sqlite_* left out). */
function rowCounts(db: Db): Map<string, number> {
  const tables = db
    .prepare<[], string>(
      "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type IN ('table', 'virtual') AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .pluck()
    .all();
  return new Map(
    tables.map((t) => [
      t,
      db.prepare<[], number>(`SELECT count(*) FROM "${t}"`).pluck().get() ?? 0,
    ]),
  );
}

/**
 * What an upgrade does to a table's row count, where it changes it on purpose; every other
 * table keeps its count.
 */
function expectedCount(table: string, before: number, from: OldWorkspace): number {
  // Migration 4 recreated the model cache empty (models moved to files).
  if (table === 'document_models' && from.version < 4) return 0;
  // Migration 5 made the TAT-QA table a `record` document (the FinanceBench one is its PDF).
  if (table === 'documents' && from.version >= 3 && from.version < 5) return before + 1;
  // Migration 20 drops a retrieval index that has no BM25F lengths (rebuilt on next search).
  if (table.startsWith('retrieval_') && from.version >= 9 && from.variant === 'original') return 0;
  return before;
}

/** Migration 20 dropped an 'original' workspace's retrieval index (no BM25F lengths). */
const emptiedByMigration20 = (table: string, from: OldWorkspace): boolean =>
  table.startsWith('retrieval_') && from.version >= 20 && from.variant === 'original';

const olderVersions = Array.from({ length: latestSchemaVersion - 1 }, (_, i) => i + 1);
const cases: OldWorkspace[] = [
  ...olderVersions.map((version): OldWorkspace => ({ version, variant: 'original' })),
  ...olderVersions
    .filter((version) => version >= 9 && version < 20)
    .map((version): OldWorkspace => ({ version, variant: 'with-lengths' })),
];

describe('opening a workspace of every earlier schema version, with data', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => cleanups.splice(0).forEach((c) => c()));
  const newPath = () => {
    const t = tempDir();
    cleanups.push(t.cleanup);
    return join(t.dir, 'workbench.sqlite');
  };

  const freshSchema = () => {
    const db = openDatabase(newPath());
    try {
      return schemaOf(db);
    } finally {
      db.close();
    }
  };

  it('covers every version below the latest, and both tables migration 9 ever made', () => {
    expect(cases.filter((c) => c.variant === 'original').map((c) => c.version)).toEqual(
      Array.from({ length: latestSchemaVersion - 1 }, (_, i) => i + 1),
    );
    expect(cases.some((c) => c.variant === 'with-lengths' && c.version === 19)).toBe(true);
  });

  it.each(cases)(
    'version $version ($variant retrieval table) migrates to the latest with its rows',
    async (from) => {
      const path = newPath();
      createOldWorkspace(path, from);

      const old = new Database(path, { readonly: true });
      expect(schemaVersion(old)).toBe(from.version);
      const before = rowCounts(old);
      old.close();
      // The generator keeps up with the migrations: every table of that version has rows (but
      // the retrieval tables migration 20 emptied in an 'original' workspace, rebuilt only by
      // the next search).
      const empty = [...before]
        .filter(([t, n]) => n === 0 && !emptiedByMigration20(t, from))
        .map(([t]) => t);
      expect(empty, `tables of version ${from.version} without a seed row`).toEqual([]);

      const db = openDatabase(path);
      try {
        expect(schemaVersion(db)).toBe(latestSchemaVersion);
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(db.pragma('foreign_key_check')).toEqual([]);

        const after = rowCounts(db);
        for (const [table, n] of before) {
          if (!after.has(table)) continue; // dropped by a migration (dataset_documents, by 5)
          expect(after.get(table), `rows in ${table}`).toBe(expectedCount(table, n, from));
        }
        expect(schemaOf(db)).toEqual(freshSchema());
        await checkSeeds(db, from);
        expect(db.pragma('foreign_key_check')).toEqual([]);
      } finally {
        db.close();
      }
    },
  );

  it("main/retrieval's own copy of the DDL matches the workspace's tables", () => {
    // The in-memory index (`workbench retrieve --doc`) keeps its own SQL, which the migrations
    // no longer import: a change there without a new migration fails here.
    const live = new Database(':memory:');
    live.exec('CREATE TABLE documents (id INTEGER PRIMARY KEY) STRICT;');
    live.exec(retrievalSchemaSql({ documentsTable: true }));
    const retrieval = (rows: ReturnType<typeof schemaOf>) =>
      rows.filter((r) => r.tbl_name.startsWith('retrieval_'));
    expect(retrieval(schemaOf(live))).toEqual(retrieval(freshSchema()));
    live.close();
  });
});
