import type { Migration } from './migration';

/**
 * Gold disputes and gold versions (main/disputes, docs/disputes.md).
 *
 * `gold_disputes`: a proposed correction of one question's gold with the reason, who raised it
 * and, once decided, who accepted or rejected it and why. `gold_versions`: every gold a question
 * has had, numbered from 0 (the dataset's original). Versions are written lazily: a question
 * whose gold never changed has none and its gold is `questions.gold`; the first change (an
 * accepted dispute, or a re-import with a different gold) writes version 0 from the gold it
 * replaces, then the new one. `questions.gold` keeps what the dataset file says (re-imports
 * compare against it); the gold grading reads is the newest `dispute` version if any, else
 * `questions.gold` (main/db/questions-repo.ts). Both go with their question (CASCADE): a
 * question a re-import removed has no gold left to dispute.
 */
export const m0013GoldDisputes: Migration = {
  version: 13,
  name: 'gold-disputes',
  up: (db) => {
    db.exec(`
      CREATE TABLE gold_disputes (
        id            INTEGER PRIMARY KEY AUTOINCREMENT,
        question_id   INTEGER NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
        proposed      TEXT    NOT NULL CHECK (json_valid(proposed)),
        reason        TEXT    NOT NULL CHECK (reason <> ''),
        raised_by     TEXT    NOT NULL CHECK (raised_by <> ''),
        raised_at     TEXT    NOT NULL,
        status        TEXT    NOT NULL CHECK (status IN ('open', 'accepted', 'rejected')),
        decided_by    TEXT,
        decided_at    TEXT,
        decision_note TEXT,
        CHECK ((status = 'open') = (decided_at IS NULL))
      ) STRICT;
      CREATE INDEX gold_disputes_by_question ON gold_disputes (question_id, status);

      CREATE TABLE gold_versions (
        question_id INTEGER NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
        version     INTEGER NOT NULL CHECK (version >= 0),
        gold        TEXT    NOT NULL CHECK (json_valid(gold)),
        source      TEXT    NOT NULL CHECK (source IN ('dataset', 'dispute')),
        dispute_id  INTEGER REFERENCES gold_disputes(id),
        created_at  TEXT    NOT NULL,
        PRIMARY KEY (question_id, version),
        CHECK ((source = 'dispute') = (dispute_id IS NOT NULL))
      ) STRICT;
    `);
  },
};
