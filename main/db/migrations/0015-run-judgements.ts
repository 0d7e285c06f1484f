import type { Migration } from './migration';

/**
 * The LLM judge (main/runs/judge, docs/runs.md#judge), kept apart from `run_verdicts` so a
 * judge's opinion can never pass for a deterministic scorer's verdict.
 *
 * `run_judgements`: one judge model's verdict on one run item under one rubric. Everything that
 * decided it is kept: the endpoint (a base URL or provider id with a secret's name at most,
 * never a key), the rubric's id and hash, the full prompt, the raw reply, and the hash of what
 * was judged (question, gold, answer), so a changed gold or answer is asked again while an
 * unchanged one is re-used. A reply that holds no readable verdict is stored as `unreadable`
 * (or `refused`) with why, never as a guess. Failed calls store nothing.
 *
 * `run_pair_judgements`: which of two items (two runs' answers to one question) the judge
 * preferred, one row per order shown; both orders together give one outcome for the Elo table.
 */
export const m0015RunJudgements: Migration = {
  version: 15,
  name: 'run-judgements',
  up: (db) => {
    db.exec(`
      CREATE TABLE run_judgements (
        id            INTEGER PRIMARY KEY,
        run_id        INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        item_id       INTEGER NOT NULL REFERENCES run_items(id) ON DELETE CASCADE,
        judge_model   TEXT    NOT NULL CHECK (judge_model <> ''),
        endpoint      TEXT    NOT NULL,
        rubric_id     TEXT    NOT NULL CHECK (rubric_id <> ''),
        rubric_hash   TEXT    NOT NULL CHECK (rubric_hash <> ''),
        content_hash  TEXT    NOT NULL,
        prompt        TEXT    NOT NULL CHECK (json_valid(prompt)),
        reply         TEXT    NOT NULL,
        status        TEXT    NOT NULL CHECK (status IN ('judged', 'unreadable', 'refused')),
        verdict       TEXT    CHECK (verdict IN ('correct', 'partially', 'incorrect')),
        score         REAL    CHECK (score BETWEEN 0 AND 1),
        reason        TEXT    NOT NULL,
        input_tokens  INTEGER NOT NULL,
        output_tokens INTEGER NOT NULL,
        latency_ms    REAL    NOT NULL,
        created_at    TEXT    NOT NULL,
        UNIQUE (item_id, judge_model, rubric_hash),
        CHECK ((status = 'judged') = (verdict IS NOT NULL AND score IS NOT NULL))
      ) STRICT;
      CREATE INDEX run_judgements_by_run ON run_judgements (run_id, judge_model, rubric_hash);

      CREATE TABLE run_pair_judgements (
        id            INTEGER PRIMARY KEY,
        first_run     INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        second_run    INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        first_item    INTEGER NOT NULL REFERENCES run_items(id) ON DELETE CASCADE,
        second_item   INTEGER NOT NULL REFERENCES run_items(id) ON DELETE CASCADE,
        external_id   TEXT    NOT NULL,
        judge_model   TEXT    NOT NULL CHECK (judge_model <> ''),
        endpoint      TEXT    NOT NULL,
        rubric_id     TEXT    NOT NULL CHECK (rubric_id <> ''),
        rubric_hash   TEXT    NOT NULL CHECK (rubric_hash <> ''),
        content_hash  TEXT    NOT NULL,
        prompt        TEXT    NOT NULL CHECK (json_valid(prompt)),
        reply         TEXT    NOT NULL,
        status        TEXT    NOT NULL CHECK (status IN ('judged', 'unreadable', 'refused')),
        choice        TEXT    CHECK (choice IN ('first', 'second', 'tie')),
        reason        TEXT    NOT NULL,
        input_tokens  INTEGER NOT NULL,
        output_tokens INTEGER NOT NULL,
        latency_ms    REAL    NOT NULL,
        created_at    TEXT    NOT NULL,
        UNIQUE (first_item, second_item, judge_model, rubric_hash),
        CHECK (first_run <> second_run),
        CHECK ((status = 'judged') = (choice IS NOT NULL))
      ) STRICT;
      CREATE INDEX run_pair_judgements_by_runs ON run_pair_judgements (first_run, second_run);
    `);
  },
};
