import type { Migration } from './migration';

/**
 * Runs submitted through the OpenAI Batch API (main/runs/engine/batch-*.ts, docs/runs.md). One
 * row per batch a run submitted: the server's batch id and its input file, and once it ended its
 * output and error files. They are stored before the engine polls, so a restarted app (or
 * `eval --resume` after a kill -9) polls the batch it already paid for instead of submitting
 * the questions again. `question_ids` are the questions the batch asks (custom_id is our stable
 * question id); `collected` is set once every answer it brought is committed. A resume asks the
 * questions a batch left in error in a new batch (a new row). Rows go with their run (CASCADE).
 */
export const m0014RunBatches: Migration = {
  version: 14,
  name: 'run-batches',
  up: (db) => {
    db.exec(`
      CREATE TABLE run_batches (
        id             INTEGER PRIMARY KEY AUTOINCREMENT,
        run_id         INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        batch_id       TEXT    NOT NULL CHECK (batch_id <> ''),
        input_file_id  TEXT    NOT NULL CHECK (input_file_id <> ''),
        output_file_id TEXT,
        error_file_id  TEXT,
        status         TEXT    NOT NULL CHECK (status IN ('validating', 'in_progress', 'finalizing', 'completed', 'failed', 'expired', 'cancelling', 'cancelled')),
        question_ids   TEXT    NOT NULL CHECK (json_valid(question_ids)),
        request_counts TEXT    CHECK (request_counts IS NULL OR json_valid(request_counts)),
        message        TEXT,
        collected      INTEGER NOT NULL DEFAULT 0 CHECK (collected IN (0, 1)),
        created_at     TEXT    NOT NULL,
        updated_at     TEXT    NOT NULL,
        UNIQUE (run_id, batch_id)
      ) STRICT;
      CREATE INDEX run_batches_open ON run_batches (run_id, collected);
    `);
  },
};
