import type { Migration } from './migration';

/**
 * Timed human-expert sessions (main/sessions, docs/sessions.md). The clock is never stored:
 * it is derived from `session_events`, an append-only log numbered per session (`seq`).
 * Answers are one row per question, upserted on every change with a `revision` so two windows
 * cannot silently overwrite each other. Question ids are our stable ids without a foreign key:
 * a session keeps its questions (and their dataset ids in `external_id`) even if a re-import
 * removes one; answers, scratch runs and verdicts point at the session's own question rows.
 * Every row is written in its own autocommit statement or short transaction, so a killed
 * process loses nothing it had answered for.
 */
export const m0012Sessions: Migration = {
  version: 12,
  name: 'sessions',
  // eslint-disable-next-line max-lines-per-function -- a frozen migration: its DDL text (six tables with their CHECKs and indexes) must never change once shipped, so it stays one literal
  up: (db) => {
    db.exec(`
      CREATE TABLE sessions (
        id                       INTEGER PRIMARY KEY AUTOINCREMENT,
        dataset_id               INTEGER REFERENCES datasets(id) ON DELETE SET NULL,
        dataset_name             TEXT    NOT NULL,
        dataset_format           TEXT    NOT NULL,
        question_set_key         TEXT    NOT NULL,
        seed                     INTEGER NOT NULL,
        stratify                 TEXT    NOT NULL CHECK (stratify IN ('none', 'subset', 'answer-type')),
        budget_seconds           INTEGER NOT NULL CHECK (budget_seconds > 0),
        per_question_cap_seconds INTEGER CHECK (per_question_cap_seconds IS NULL OR per_question_cap_seconds > 0),
        expert                   TEXT    NOT NULL CHECK (expert <> ''),
        instructions             TEXT    NOT NULL,
        status                   TEXT    NOT NULL CHECK (status IN ('open', 'finished')),
        created_at               TEXT    NOT NULL,
        finished_at              TEXT,
        app_version              TEXT    NOT NULL,
        origin                   TEXT    NOT NULL CHECK (origin IN ('local', 'imported')),
        bundle_sha256            TEXT    UNIQUE
      ) STRICT;
      CREATE INDEX sessions_by_question_set ON sessions (question_set_key);

      CREATE TABLE session_questions (
        session_id  INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        position    INTEGER NOT NULL CHECK (position >= 0),
        question_id INTEGER NOT NULL,
        external_id TEXT    NOT NULL CHECK (external_id <> ''),
        PRIMARY KEY (session_id, position),
        UNIQUE (session_id, question_id)
      ) STRICT;

      CREATE TABLE session_events (
        session_id   INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        seq          INTEGER NOT NULL CHECK (seq >= 1),
        type         TEXT    NOT NULL CHECK (type IN ('start', 'focus', 'input', 'idle', 'resume', 'pause', 'unpause', 'skip', 'answer-saved', 'submit', 'finish', 'clock-jump')),
        question_id  INTEGER,
        at_ms        INTEGER NOT NULL,
        wall_ms      INTEGER NOT NULL,
        idle_from_ms INTEGER,
        jump_ms      INTEGER,
        PRIMARY KEY (session_id, seq)
      ) STRICT;

      CREATE TABLE session_answers (
        session_id               INTEGER NOT NULL,
        question_id              INTEGER NOT NULL,
        value                    TEXT    NOT NULL,
        unit                     TEXT    NOT NULL,
        scale                    TEXT    NOT NULL CHECK (scale IN ('', 'thousand', 'million', 'billion', 'percent')),
        confidence               INTEGER CHECK (confidence IS NULL OR confidence BETWEEN 1 AND 5),
        notes                    TEXT    NOT NULL,
        evidence                 TEXT    NOT NULL CHECK (json_valid(evidence)),
        revision                 INTEGER NOT NULL CHECK (revision >= 1),
        submitted                INTEGER NOT NULL CHECK (submitted IN (0, 1)),
        submitted_at             TEXT,
        submitted_active_seconds REAL,
        late                     INTEGER NOT NULL CHECK (late IN (0, 1)),
        updated_at               TEXT    NOT NULL,
        PRIMARY KEY (session_id, question_id),
        FOREIGN KEY (session_id, question_id)
          REFERENCES session_questions(session_id, question_id) ON DELETE CASCADE
      ) STRICT;

      CREATE TABLE session_scratch (
        id          INTEGER PRIMARY KEY,
        session_id  INTEGER NOT NULL,
        question_id INTEGER NOT NULL,
        program     TEXT    NOT NULL,
        ok          INTEGER NOT NULL CHECK (ok IN (0, 1)),
        value       TEXT    CHECK (value IS NULL OR json_valid(value)),
        error       TEXT,
        logs        TEXT    NOT NULL,
        reads       INTEGER NOT NULL,
        at          TEXT    NOT NULL,
        FOREIGN KEY (session_id, question_id)
          REFERENCES session_questions(session_id, question_id) ON DELETE CASCADE
      ) STRICT;
      CREATE INDEX session_scratch_by_session ON session_scratch (session_id, question_id);

      CREATE TABLE session_verdicts (
        session_id      INTEGER NOT NULL,
        question_id     INTEGER NOT NULL,
        scorer          TEXT    NOT NULL CHECK (scorer <> ''),
        scorer_version  TEXT    NOT NULL,
        correct         INTEGER NOT NULL CHECK (correct IN (0, 1)),
        score           REAL    NOT NULL,
        outcome         TEXT    NOT NULL CHECK (outcome IN ('correct', 'incorrect', 'refusal', 'no-answer', 'error')),
        rule            TEXT    NOT NULL,
        prediction      TEXT    NOT NULL,
        pred_normalized TEXT    NOT NULL,
        gold_normalized TEXT    NOT NULL,
        PRIMARY KEY (session_id, question_id, scorer),
        FOREIGN KEY (session_id, question_id)
          REFERENCES session_questions(session_id, question_id) ON DELETE CASCADE
      ) STRICT;
    `);
  },
};
