import type { Migration } from './migration';

/**
 * Long work (parses, dataset reads, later model calls and runs) as rows, so the app can list
 * recent jobs and a restart can tell a job that was running when its process died from one
 * still running: `pid` is the process that ran it; when the workspace opens, a `running` row
 * whose process is gone becomes `interrupted` (main/jobs/recover.ts). Progress lives in memory
 * while a job runs; the row gets the last progress when the job ends.
 */
export const m0006Jobs: Migration = {
  version: 6,
  name: 'jobs',
  up: (db) => {
    db.exec(`
      CREATE TABLE jobs (
        id         TEXT    PRIMARY KEY,
        kind       TEXT    NOT NULL CHECK (kind <> ''),
        label      TEXT    NOT NULL,
        subject    TEXT,
        state      TEXT    NOT NULL CHECK (state IN ('running', 'done', 'failed', 'cancelled', 'interrupted')),
        done       REAL    NOT NULL DEFAULT 0,
        total      REAL    NOT NULL DEFAULT 0,
        unit       TEXT    NOT NULL CHECK (unit IN ('bytes', 'pages', 'percent')),
        pid        INTEGER NOT NULL,
        started_at TEXT    NOT NULL,
        ended_at   TEXT,
        message    TEXT,
        CHECK ((state = 'running') = (ended_at IS NULL))
      ) STRICT;
      CREATE INDEX jobs_running ON jobs (pid) WHERE state = 'running';
    `);
  },
};
