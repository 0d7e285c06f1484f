CREATE INDEX asks_by_document ON asks (document_id, id);

CREATE INDEX asks_by_question ON asks (question_id, id);

CREATE INDEX document_facts_by_cik ON document_facts (cik) WHERE cik IS NOT NULL;

CREATE INDEX documents_by_dataset ON documents (dataset_id);

CREATE INDEX filing_facts_by_name ON filing_facts (local_name, document_id);

CREATE INDEX gold_disputes_by_question ON gold_disputes (question_id, status);

CREATE INDEX jobs_running ON jobs (pid) WHERE state = 'running';

CREATE INDEX question_sets_by_dataset ON question_sets (dataset_id);

CREATE INDEX question_sets_by_key ON question_sets (question_set_key);

CREATE INDEX questions_by_document ON questions (document_id);

CREATE INDEX run_batches_open ON run_batches (run_id, collected);

CREATE INDEX run_items_by_question ON run_items (question_id);

CREATE INDEX run_judgements_by_run ON run_judgements (run_id, judge_model, rubric_hash);

CREATE INDEX run_pair_judgements_by_runs ON run_pair_judgements (first_run, second_run);

CREATE INDEX run_verdicts_by_run ON run_verdicts (run_id, scorer);

CREATE INDEX session_scratch_by_session ON session_scratch (session_id, question_id);

CREATE INDEX sessions_by_question_set ON sessions (question_set_key);

CREATE UNIQUE INDEX sessions_by_uid ON sessions (session_uid) WHERE session_uid IS NOT NULL;

CREATE TABLE "asks" (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        ask_id      TEXT    NOT NULL,
        document_id INTEGER REFERENCES documents(id) ON DELETE CASCADE,
        question_id INTEGER REFERENCES questions(id) ON DELETE SET NULL,
        mode        TEXT    NOT NULL CHECK (mode IN ('direct', 'cot', 'pot', 'table-first', 'pot-python')),
        model       TEXT    NOT NULL,
        created_at  TEXT    NOT NULL,
        result      TEXT    NOT NULL CHECK (json_valid(result))
      ) STRICT;

CREATE TABLE dataset_records (
        document_id INTEGER PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
        model       TEXT    NOT NULL CHECK (json_valid(model))
      ) STRICT;

CREATE TABLE datasets (
        id                 INTEGER PRIMARY KEY AUTOINCREMENT,
        name               TEXT    NOT NULL CHECK (name <> ''),
        format             TEXT    NOT NULL CHECK (format IN ('tatqa', 'tathqa', 'finqa', 'multihiertt', 'docmath', 'financebench', 'tablequest')),
        source_document_id INTEGER REFERENCES documents(id) ON DELETE SET NULL,
        imported_at        TEXT    NOT NULL,
        UNIQUE (format, name)
      ) STRICT;

CREATE TABLE document_facts (
        document_id    INTEGER PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
        company        TEXT,
        form           TEXT,
        period_end     TEXT,
        fiscal_year    INTEGER,
        source         TEXT    NOT NULL CHECK (source IN ('xbrl', 'text', 'none')),
        reader_version INTEGER NOT NULL,
        read_at        TEXT    NOT NULL
      , cik TEXT CHECK (cik IS NULL OR length(cik) = 10), fiscal_period TEXT) STRICT;

CREATE TABLE document_models (
        document_id    INTEGER PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
        parser_version INTEGER NOT NULL,
        model_file     TEXT    NOT NULL,
        model_bytes    INTEGER NOT NULL,
        parsed_at      TEXT    NOT NULL
      ) STRICT;

CREATE TABLE "documents" (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        name        TEXT    NOT NULL,
        kind        TEXT    NOT NULL CHECK (kind IN ('sec-html', 'pdf', 'dataset', 'other', 'record')),
        size        INTEGER NOT NULL CHECK (size >= 0),
        sha256      TEXT    UNIQUE CHECK (sha256 IS NULL OR length(sha256) = 64),
        imported_at TEXT    NOT NULL,
        dataset_id  INTEGER REFERENCES datasets(id) ON DELETE CASCADE,
        external_id TEXT    CHECK (external_id IS NULL OR external_id <> ''),
        CHECK ((kind = 'record') = (sha256 IS NULL)),
        CHECK ((kind = 'record') = (dataset_id IS NOT NULL)),
        CHECK ((dataset_id IS NULL) = (external_id IS NULL)),
        UNIQUE (dataset_id, external_id)
      ) STRICT;

CREATE TABLE evidence_marks (
        id          INTEGER PRIMARY KEY,
        document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        -- "p:<blockId>" for a paragraph, "c:<tableId>:<sourceRow>:<sourceCol>" for a cell
        target      TEXT    NOT NULL,
        block_id    TEXT    NOT NULL,
        table_id    TEXT,
        source_row  INTEGER,
        source_col  INTEGER,
        created_at  TEXT    NOT NULL,
        UNIQUE (document_id, target)
      ) STRICT;

CREATE TABLE fact_index_documents (
        document_id    INTEGER PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
        index_version  INTEGER NOT NULL,
        parser_version INTEGER NOT NULL,
        fact_count     INTEGER NOT NULL CHECK (fact_count >= 0),
        indexed_at     TEXT    NOT NULL
      ) STRICT;

CREATE TABLE filing_facts (
        document_id  INTEGER NOT NULL REFERENCES fact_index_documents(document_id) ON DELETE CASCADE,
        seq          INTEGER NOT NULL CHECK (seq >= 0),
        concept      TEXT    NOT NULL CHECK (concept <> ''),
        local_name   TEXT    NOT NULL,
        period_start TEXT,
        period_end   TEXT    NOT NULL,
        label        TEXT,
        dimensions   TEXT    NOT NULL CHECK (json_valid(dimensions)),
        unit         TEXT,
        decimals     TEXT,
        value        REAL    NOT NULL,
        scale        REAL    NOT NULL,
        base         REAL    NOT NULL,
        cells        TEXT    NOT NULL CHECK (json_valid(cells)), row_label TEXT,
        PRIMARY KEY (document_id, seq)
      ) STRICT;

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

CREATE TABLE llm_cache (
        key        TEXT PRIMARY KEY,
        response   TEXT NOT NULL CHECK (json_valid(response)),
        created_at TEXT NOT NULL
      ) STRICT;

CREATE TABLE llm_providers (
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        config     TEXT    NOT NULL CHECK (json_valid(config)),
        created_at TEXT    NOT NULL
      ) STRICT;

CREATE TABLE llm_settings (
        id      INTEGER PRIMARY KEY CHECK (id = 1),
        offline INTEGER NOT NULL CHECK (offline IN (0, 1)),
        prices  TEXT    NOT NULL CHECK (json_valid(prices))
      ) STRICT;

CREATE TABLE "prompt_templates" (
        id         TEXT PRIMARY KEY CHECK (id <> ''),
        name       TEXT NOT NULL,
        mode       TEXT NOT NULL CHECK (mode IN ('direct', 'cot', 'pot', 'table-first', 'pot-python')),
        system     TEXT NOT NULL,
        user       TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;

CREATE TABLE question_set_questions (
        set_id      INTEGER NOT NULL REFERENCES question_sets(id) ON DELETE CASCADE,
        position    INTEGER NOT NULL CHECK (position >= 0),
        question_id INTEGER NOT NULL,
        external_id TEXT    NOT NULL CHECK (external_id <> ''),
        PRIMARY KEY (set_id, position),
        UNIQUE (set_id, question_id)
      ) STRICT;

CREATE TABLE question_sets (
        id               INTEGER PRIMARY KEY AUTOINCREMENT,
        name             TEXT    NOT NULL UNIQUE CHECK (name <> ''),
        description      TEXT    NOT NULL,
        dataset_id       INTEGER NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
        question_set_key TEXT    NOT NULL,
        selection        TEXT    NOT NULL CHECK (json_valid(selection)),
        created_at       TEXT    NOT NULL
      ) STRICT;

CREATE TABLE "questions" (
        id                   INTEGER PRIMARY KEY AUTOINCREMENT,
        dataset_id           INTEGER NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
        external_id          TEXT    NOT NULL CHECK (external_id <> ''),
        document_id          INTEGER REFERENCES documents(id) ON DELETE SET NULL,
        document_external_id TEXT    NOT NULL,
        question             TEXT    NOT NULL,
        gold                 TEXT    NOT NULL CHECK (json_valid(gold)),
        scale                TEXT    CHECK (scale IN ('', 'thousand', 'million', 'billion', 'percent')),
        type                 TEXT    NOT NULL,
        evidence             TEXT    NOT NULL CHECK (json_valid(evidence) AND json_type(evidence) = 'array'),
        UNIQUE (dataset_id, external_id)
      ) STRICT;

CREATE TABLE retrieval_document_summaries (
        document_id INTEGER PRIMARY KEY REFERENCES retrieval_indexes(document_id) ON DELETE CASCADE,
        summarized_at TEXT NOT NULL
      ) STRICT;

CREATE VIRTUAL TABLE retrieval_documents USING fts5(
        title, text,
        content = '', contentless_delete = 1,
        tokenize = 'porter unicode61 remove_diacritics 2'
      );

CREATE TABLE 'retrieval_documents_config'(k PRIMARY KEY, v) WITHOUT ROWID;

CREATE TABLE 'retrieval_documents_data'(id INTEGER PRIMARY KEY, block BLOB);

CREATE TABLE 'retrieval_documents_docsize'(id INTEGER PRIMARY KEY, sz BLOB, origin INTEGER);

CREATE TABLE 'retrieval_documents_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

CREATE TABLE retrieval_indexes (
      document_id INTEGER PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
      version_key TEXT    NOT NULL,
      unit_count  INTEGER NOT NULL CHECK (unit_count >= 0),
      first_unit  INTEGER NOT NULL,
      last_unit   INTEGER NOT NULL,
      built_at    TEXT    NOT NULL
    ) STRICT;

CREATE TABLE retrieval_postings (
        document_id INTEGER NOT NULL REFERENCES retrieval_indexes(document_id) ON DELETE CASCADE,
        term        TEXT    NOT NULL,
        units       BLOB    NOT NULL,
        PRIMARY KEY (document_id, term)
      ) STRICT, WITHOUT ROWID;

CREATE TABLE retrieval_ranking_units (
        document_id INTEGER PRIMARY KEY REFERENCES retrieval_indexes(document_id) ON DELETE CASCADE,
        units       BLOB    NOT NULL,
        built_at    TEXT    NOT NULL
      ) STRICT;

CREATE TABLE retrieval_unit_meta (
      unit_id         INTEGER PRIMARY KEY,
      document_id     INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      ordinal         INTEGER NOT NULL,
      kind            TEXT    NOT NULL CHECK (kind IN ('cell', 'row', 'table', 'paragraph')),
      block_id        TEXT    NOT NULL,
      table_index     INTEGER,
      source_row      INTEGER,
      source_col      INTEGER,
      page            INTEGER,
      paragraph_index INTEGER,
      text            TEXT    NOT NULL,
      -- tokens in each FTS column, for BM25F's length normalisation
      len_text        INTEGER NOT NULL,
      len_headers     INTEGER NOT NULL,
      len_caption     INTEGER NOT NULL,
      -- a paragraph leading into a table (the paragraph right before it): the table's id
      lead_in_of      TEXT,
      UNIQUE (document_id, ordinal)
    ) STRICT;

CREATE VIRTUAL TABLE retrieval_units USING fts5(
      text, headers, caption,
      content = '', contentless_delete = 1,
      tokenize = 'porter unicode61 remove_diacritics 2'
    );

CREATE TABLE 'retrieval_units_config'(k PRIMARY KEY, v) WITHOUT ROWID;

CREATE TABLE 'retrieval_units_data'(id INTEGER PRIMARY KEY, block BLOB);

CREATE TABLE 'retrieval_units_docsize'(id INTEGER PRIMARY KEY, sz BLOB, origin INTEGER);

CREATE TABLE 'retrieval_units_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

CREATE TABLE retrieval_vectors (
      document_id INTEGER NOT NULL,
      model       TEXT    NOT NULL,
      ordinal     INTEGER NOT NULL,
      vector      BLOB    NOT NULL,
      PRIMARY KEY (document_id, model, ordinal),
      FOREIGN KEY (document_id) REFERENCES retrieval_indexes(document_id) ON DELETE CASCADE
    ) STRICT;

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

CREATE TABLE run_items (
        id           INTEGER PRIMARY KEY,
        run_id       INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        question_id  INTEGER REFERENCES questions(id) ON DELETE SET NULL,
        external_id  TEXT    NOT NULL CHECK (external_id <> ''),
        output       TEXT,
        answer       TEXT    CHECK (answer IS NULL OR json_valid(answer)),
        answer_kind  TEXT    NOT NULL CHECK (answer_kind IN ('text', 'extracted', 'executed')),
        answer_scale TEXT,
        program      TEXT,
        execution    TEXT    CHECK (execution IS NULL OR json_valid(execution)),
        usage        TEXT    CHECK (usage IS NULL OR json_valid(usage)),
        latency_ms   REAL,
        error        TEXT,
        created_at   TEXT    NOT NULL,
        UNIQUE (run_id, question_id),
        UNIQUE (run_id, external_id)
      ) STRICT;

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

CREATE TABLE run_verdicts (
        item_id         INTEGER NOT NULL REFERENCES run_items(id) ON DELETE CASCADE,
        run_id          INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        scorer          TEXT    NOT NULL CHECK (scorer <> ''),
        scorer_version  TEXT    NOT NULL,
        correct         INTEGER NOT NULL CHECK (correct IN (0, 1)),
        score           REAL    NOT NULL,
        outcome         TEXT    NOT NULL CHECK (outcome IN ('correct', 'incorrect', 'refusal', 'no-answer', 'error')),
        rule            TEXT    NOT NULL,
        extracted       TEXT,
        pred_normalized TEXT    NOT NULL,
        gold_normalized TEXT    NOT NULL, gold_version TEXT CHECK (gold_version IS NULL OR gold_version <> ''),
        PRIMARY KEY (item_id, scorer)
      ) STRICT;

CREATE TABLE runs (
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        dataset_id INTEGER REFERENCES datasets(id) ON DELETE SET NULL,
        source     TEXT    NOT NULL CHECK (source IN ('engine', 'imported')),
        model      TEXT    NOT NULL,
        mode       TEXT    CHECK (mode IN ('direct', 'cot', 'pot', 'pot-python', 'table-first')),
        status     TEXT    NOT NULL CHECK (status IN ('running', 'paused', 'interrupted', 'done', 'failed')),
        total      INTEGER NOT NULL CHECK (total >= 0),
        manifest   TEXT    NOT NULL CHECK (json_valid(manifest)),
        pid        INTEGER,
        message    TEXT,
        created_at TEXT    NOT NULL,
        updated_at TEXT    NOT NULL
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

CREATE TABLE session_questions (
        session_id  INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        position    INTEGER NOT NULL CHECK (position >= 0),
        question_id INTEGER NOT NULL,
        external_id TEXT    NOT NULL CHECK (external_id <> ''),
        PRIMARY KEY (session_id, position),
        UNIQUE (session_id, question_id)
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
        gold_normalized TEXT    NOT NULL, gold_version TEXT CHECK (gold_version IS NULL OR gold_version <> ''),
        PRIMARY KEY (session_id, question_id, scorer),
        FOREIGN KEY (session_id, question_id)
          REFERENCES session_questions(session_id, question_id) ON DELETE CASCADE
      ) STRICT;

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
      , session_uid TEXT CHECK (length(session_uid) = 36), signature TEXT NOT NULL DEFAULT 'local' CHECK (signature IN ('local', 'signed', 'unsigned')), signer_public_key TEXT, signer_fingerprint TEXT) STRICT;

CREATE TRIGGER retrieval_document_summaries_deleted AFTER DELETE ON retrieval_document_summaries BEGIN
        DELETE FROM retrieval_documents WHERE rowid = old.document_id;
      END;

CREATE TRIGGER retrieval_unit_meta_deleted AFTER DELETE ON retrieval_unit_meta BEGIN
      DELETE FROM retrieval_units WHERE rowid = old.unit_id;
    END;
