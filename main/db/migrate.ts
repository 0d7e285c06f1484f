import type { Database } from 'better-sqlite3';
import { WorkbenchError } from '../../shared/api/result';
import { migrations as defaultMigrations } from './migrations';
import type { Migration } from './migrations/migration';
import { writeTransaction } from './write-transaction';

export function schemaVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

export function refuseNewerSchema(db: Database, known = defaultMigrations.length): void {
  const current = schemaVersion(db);
  if (current > known) {
    throw new WorkbenchError(
      'workspace-too-new',
      `${db.name} has schema version ${current}, but this Filing Workbench knows only up to ${known}; update the app or choose another workspace`,
    );
  }
}

/**
 * Brings the database to the newest schema, one migration per transaction so a crash leaves
 * it at a whole version. A database written by a newer app is refused, not guessed at.
 * Several processes may open a new workspace at once (two CLI commands, the app and a CLI):
 * each migration takes the write lock first (BEGIN IMMEDIATE, waiting out the busy timeout)
 * and is skipped when another process applied it meanwhile.
 */
export function migrate(db: Database, migrations: readonly Migration[] = defaultMigrations): void {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1)
      throw new Error(`migration ${m.name} has version ${m.version}, expected ${i + 1}`);
  });
  refuseNewerSchema(db, migrations.length);
  const current = schemaVersion(db);
  for (const m of migrations.slice(current)) {
    const foreignKeys = db.pragma('foreign_keys', { simple: true }) === 1;
    // Only outside a transaction does this pragma take effect.
    if (m.rebuildsTables && foreignKeys) db.pragma('foreign_keys = OFF');
    try {
      writeTransaction(db, () => {
        if (schemaVersion(db) >= m.version) return;
        m.up(db);
        if (m.rebuildsTables) {
          const broken = db.pragma('foreign_key_check') as { table: string }[];
          if (broken.length > 0)
            throw new Error(
              `migration ${m.name} left ${broken.length} broken references (first in ${broken[0]!.table})`,
            );
        }
        db.pragma(`user_version = ${m.version}`);
      })();
    } finally {
      if (m.rebuildsTables && foreignKeys) db.pragma('foreign_keys = ON');
    }
  }
}
