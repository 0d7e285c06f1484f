import type { Database } from 'better-sqlite3';

export interface Migration {
  /** Equals its 1-based position in the ordered list; stored in PRAGMA user_version. */
  version: number;
  name: string;
  up: (db: Database) => void;
  /**
   * The migration rebuilds tables other tables point at (SQLite cannot ALTER a primary key to
   * AUTOINCREMENT or drop a NOT NULL). Foreign keys are then switched off around its transaction,
   * as SQLite's documented 12-step procedure requires (otherwise dropping the old table would
   * cascade into its children), and `PRAGMA foreign_key_check` must find nothing before commit.
   */
  rebuildsTables?: boolean;
}
