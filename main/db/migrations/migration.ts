import type { Database } from 'better-sqlite3';

export interface Migration {
  /** Equals its 1-based position in the ordered list; stored in PRAGMA user_version. */
  version: number;
  name: string;
  up: (db: Database) => void;
}
