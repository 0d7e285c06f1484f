import Database from 'better-sqlite3';
import { expect } from 'vitest';
import { migrate, schemaVersion } from '../../../main/db/migrate';
import { migrations } from '../../../main/db/migrations';
import type { Migration } from '../../../main/db/migrations/migration';
import { RetrievalService } from '../../../main/retrieval/retrieval-service';
import { smallDocument } from '../../unit/retrieval/small-document';

/*
 * Workspaces as earlier releases left them, with data, made on the spot: for schema version N,
 * a new file is taken through migrations 1..N one at a time, and after each migration k the
 * rows an app at version k would write go in (`seeds`, each written against the schema of its
 * own version). So a version-N workspace holds rows written at every version up to N, in every
 * table that exists at N, the way a workspace that lived through those releases would.
 *
 * This proves something only because migrations are frozen: each one holds its own SQL and
 * imports no live code (eslint.config.mjs), so running migration k today creates what it created
 * when it shipped. Migration 9 was not frozen until migration 20: workspaces made while it
 * imported its DDL from main/retrieval have one of two `retrieval_unit_meta` tables, and both
 * are made here (`RetrievalVariant`).
 *
 * A new migration adds a seed for the tables it creates or changes (the upgrade test fails
 * while a table of an older version has no rows) and, in `check`, what must hold after the
 * upgrade.
 */

export type Db = Database.Database;

/**
 * Which `retrieval_unit_meta` migration 9 made: `original`, as it shipped (commit 195290a), or
 * `with-lengths`, with the BM25F columns a later commit (5bc120b) added through the DDL it
 * imported, as every workspace created from then until migration 20 has it.
 */
export type RetrievalVariant = 'original' | 'with-lengths';

export interface OldWorkspace {
  /** The schema version the workspace was left at. */
  version: number;
  variant: RetrievalVariant;
}

interface Seed {
  /** The schema version this seed's SQL is written against; it runs right after migration `version`. */
  version: number;
  insert: (db: Db, from: OldWorkspace) => void;
  /** On the upgraded workspace: what this seed wrote came through (and was converted as documented). */
  check: (db: Db, from: OldWorkspace) => void | Promise<void>;
}

const SHA = (c: string) => c.repeat(64);
const AT = '2026-01-02T03:04:05.000Z';

/** Migration 9 as workspaces created between commits 5bc120b and migration 20 ran it. */
const m0009WithLengths: Migration = {
  version: 9,
  name: 'retrieval',
  up: (db) => {
    db.exec(`
    CREATE TABLE retrieval_indexes (
      document_id INTEGER PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
      version_key TEXT    NOT NULL,
      unit_count  INTEGER NOT NULL CHECK (unit_count >= 0),
      first_unit  INTEGER NOT NULL,
      last_unit   INTEGER NOT NULL,
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

    CREATE TRIGGER retrieval_unit_meta_deleted AFTER DELETE ON retrieval_unit_meta BEGIN
      DELETE FROM retrieval_units WHERE rowid = old.unit_id;
    END;

    CREATE TABLE retrieval_vectors (
      document_id INTEGER NOT NULL,
      model       TEXT    NOT NULL,
      ordinal     INTEGER NOT NULL,
      vector      BLOB    NOT NULL,
      PRIMARY KEY (document_id, model, ordinal),
      FOREIGN KEY (document_id) REFERENCES retrieval_indexes(document_id) ON DELETE CASCADE
    ) STRICT;
  `);
  },
};

/** The migrations a workspace of this variant went through. */
export function migrationsOf(variant: RetrievalVariant): Migration[] {
  return migrations.map((m) =>
    m.version === 9 && variant === 'with-lengths' ? m0009WithLengths : m,
  );
}

/** Creates the workspace database at `path`: migrations 1..version, each followed by its seed. */
export function createOldWorkspace(path: string, from: OldWorkspace): void {
  const steps = migrationsOf(from.variant);
  const db = new Database(path);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    for (let k = 1; k <= from.version; k++) {
      migrate(db, steps.slice(0, k));
      for (const seed of seeds.filter((s) => s.version === k)) seed.insert(db, from);
    }
    if (schemaVersion(db) !== from.version) throw new Error(`expected version ${from.version}`);
  } finally {
    db.close();
  }
}

/** Every seed's check, in version order, on the upgraded workspace. */
export async function checkSeeds(db: Db, from: OldWorkspace): Promise<void> {
  for (const seed of seeds.filter((s) => s.version <= from.version)) await seed.check(db, from);
}

/** Runs `sql` with named parameters per row. */
function insertRows(db: Db, sql: string, rows: Record<string, unknown>[]): void {
  const statement = db.prepare(sql);
  for (const row of rows) statement.run(row);
}

const one = <T>(db: Db, sql: string, ...params: unknown[]) => db.prepare(sql).get(...params) as T;

const seeds: Seed[] = [
  {
    version: 1,
    insert: (db) => {
      insertRows(
        db,
        `INSERT INTO documents (id, name, kind, size, sha256, imported_at)
         VALUES (@id, @name, @kind, @size, @sha256, @at)`,
        [
          { id: 1, name: 'aapl-10k.htm', kind: 'sec-html', size: 1200, sha256: SHA('a'), at: AT },
          { id: 2, name: 'fb-report.pdf', kind: 'pdf', size: 3400, sha256: SHA('b'), at: AT },
          { id: 3, name: 'tatqa_dev.json', kind: 'dataset', size: 560, sha256: SHA('c'), at: AT },
        ],
      );
    },
    check: (db) => {
      const rows = db
        .prepare('SELECT id, name, kind, size, sha256 FROM documents WHERE id <= 3 ORDER BY id')
        .all();
      expect(rows).toEqual([
        { id: 1, name: 'aapl-10k.htm', kind: 'sec-html', size: 1200, sha256: SHA('a') },
        { id: 2, name: 'fb-report.pdf', kind: 'pdf', size: 3400, sha256: SHA('b') },
        { id: 3, name: 'tatqa_dev.json', kind: 'dataset', size: 560, sha256: SHA('c') },
      ]);
    },
  },
  {
    version: 2,
    insert: (db) => {
      db.prepare(
        `INSERT INTO document_models (document_id, parser_version, model, parsed_at)
         VALUES (1, 3, '{"blocks":[]}', ?)`,
      ).run(AT);
      db.prepare(
        `INSERT INTO evidence_marks (id, document_id, target, block_id, table_id, source_row, source_col, created_at)
         VALUES (1, 1, 'c:t1:2:3', 'b7', 't1', 2, 3, ?)`,
      ).run(AT);
    },
    check: (db) => {
      expect(one(db, 'SELECT * FROM evidence_marks WHERE id = 1')).toEqual({
        id: 1,
        document_id: 1,
        target: 'c:t1:2:3',
        block_id: 'b7',
        table_id: 't1',
        source_row: 2,
        source_col: 3,
        created_at: AT,
      });
    },
  },
  {
    version: 3,
    insert: (db) => {
      insertRows(
        db,
        `INSERT INTO datasets (id, name, format, source_document_id, imported_at)
         VALUES (@id, @name, @format, @source, @at)`,
        [
          { id: 1, name: 'tatqa_dev.json', format: 'tatqa', source: 3, at: AT },
          { id: 2, name: 'financebench.jsonl', format: 'financebench', source: null, at: AT },
        ],
      );
      insertRows(
        db,
        `INSERT INTO dataset_documents (id, dataset_id, external_id, source_document_id, document)
         VALUES (@id, @dataset, @ext, @source, @doc)`,
        [
          {
            id: 1,
            dataset: 1,
            ext: 'tbl-1',
            source: null,
            doc: JSON.stringify({ title: 'Segment revenue', source: { kind: 'dataset' } }),
          },
          {
            id: 2,
            dataset: 2,
            ext: 'FB_REPORT',
            source: 2,
            doc: JSON.stringify({ title: 'FB report', source: { kind: 'pdf' } }),
          },
        ],
      );
      insertRows(
        db,
        `INSERT INTO questions (id, dataset_id, external_id, document_external_id, question, gold,
           scale, type, evidence)
         VALUES (@id, @dataset, @ext, @doc, @q, @gold, @scale, @type, @evidence)`,
        [
          {
            id: 1,
            dataset: 1,
            ext: 'q-1',
            doc: 'tbl-1',
            q: 'What was revenue in 2019?',
            gold: '"1,234"',
            scale: 'million',
            type: 'span',
            evidence: JSON.stringify([
              { kind: 'cell', ref: 'r1', tableId: 't1', sourceRow: 2, sourceCol: 3 },
              { kind: 'block', ref: 'p2', blockId: 'p2' },
            ]),
          },
          {
            id: 2,
            dataset: 2,
            ext: 'fb-1',
            doc: 'FB_REPORT',
            q: 'What was FY2022 capex?',
            gold: '"$1.5 billion"',
            scale: null,
            type: 'metrics',
            evidence: JSON.stringify([
              { kind: 'page', ref: 'e0', page: 4, text: 'Capital expenditures were' },
              { kind: 'nowhere', ref: 'e1' },
            ]),
          },
          {
            id: 9,
            dataset: 1,
            ext: 'q-gone',
            doc: 'tbl-1',
            q: 'Removed by a re-import',
            gold: '1',
            scale: '',
            type: 'arithmetic',
            evidence: '[]',
          },
        ],
      );
      // Question 9 was removed by a re-import: its id must never be handed out again.
      db.prepare('DELETE FROM questions WHERE id = 9').run();
    },
    check: (db) => {
      expect(db.prepare('SELECT id, name, format FROM datasets ORDER BY id').all()).toEqual([
        { id: 1, name: 'tatqa_dev.json', format: 'tatqa' },
        { id: 2, name: 'financebench.jsonl', format: 'financebench' },
      ]);
      // Migration 5: the TAT-QA table became a `record` document of its dataset, with its model
      // in dataset_records; the FinanceBench document is the library PDF it pointed at.
      const record = one<{ id: number; name: string; kind: string; sha256: null }>(
        db,
        "SELECT * FROM documents WHERE dataset_id = 1 AND external_id = 'tbl-1'",
      );
      expect(record).toMatchObject({ name: 'Segment revenue', kind: 'record', sha256: null });
      expect(
        JSON.parse(
          one<{ model: string }>(
            db,
            'SELECT model FROM dataset_records WHERE document_id = ?',
            record.id,
          ).model,
        ),
      ).toEqual({ title: 'Segment revenue', source: { kind: 'dataset' } });
      const questions = db
        .prepare<[], { id: number; document_id: number | null; evidence: string; gold: string }>(
          'SELECT id, document_id, evidence, gold FROM questions WHERE id <= 2 ORDER BY id',
        )
        .all();
      expect(questions.map((q) => [q.id, q.document_id, q.gold])).toEqual([
        [1, record.id, '"1,234"'],
        [2, 2, '"$1.5 billion"'],
      ]);
      expect(JSON.parse(questions[0]!.evidence)).toEqual([
        { ref: 'r1', target: { type: 'cell', tableId: 't1', sourceRow: 2, sourceCol: 3 } },
        { ref: 'p2', target: { type: 'paragraph', blockId: 'p2' } },
      ]);
      expect(JSON.parse(questions[1]!.evidence)).toEqual([
        { ref: 'e0', target: { type: 'page', page: 4 }, text: 'Capital expenditures were' },
        { ref: 'e1', target: null, reason: 'unknown evidence kind nowhere' },
      ]);
      expect(
        one<{ seq: number }>(db, "SELECT seq FROM sqlite_sequence WHERE name = 'questions'").seq,
      ).toBeGreaterThanOrEqual(9);
    },
  },
  {
    version: 4,
    insert: (db) => {
      db.prepare(
        `INSERT INTO document_models (document_id, parser_version, model_file, model_bytes, parsed_at)
         VALUES (1, 7, '1-p7.json', 4096, ?)`,
      ).run(AT);
    },
    check: (db) => {
      expect(
        one(db, 'SELECT model_file, model_bytes FROM document_models WHERE document_id = 1'),
      ).toEqual({ model_file: '1-p7.json', model_bytes: 4096 });
    },
  },
  {
    version: 5,
    insert: (db) => {
      const { id } = one<{ id: number }>(
        db,
        `INSERT INTO documents (name, kind, size, sha256, imported_at, dataset_id, external_id)
         VALUES ('Cash flows', 'record', 77, NULL, ?, 1, 'tbl-2') RETURNING id`,
        AT,
      );
      db.prepare('INSERT INTO dataset_records (document_id, model) VALUES (?, ?)').run(
        id,
        JSON.stringify({ title: 'Cash flows' }),
      );
      db.prepare(
        `INSERT INTO questions (id, dataset_id, external_id, document_id, document_external_id,
           question, gold, scale, type, evidence)
         VALUES (10, 1, 'q-2', ?, 'tbl-2', 'Change in cash?', '"-12"', 'thousand', 'arithmetic', ?)`,
      ).run(
        id,
        JSON.stringify([{ ref: 'r', target: { type: 'row', tableId: 't2', sourceRow: 4 } }]),
      );
    },
    check: (db) => {
      const q = one<{ document_id: number; evidence: string }>(
        db,
        'SELECT document_id, evidence FROM questions WHERE id = 10',
      );
      expect(
        one(db, 'SELECT name, kind, external_id FROM documents WHERE id = ?', q.document_id),
      ).toEqual({
        name: 'Cash flows',
        kind: 'record',
        external_id: 'tbl-2',
      });
      expect(JSON.parse(q.evidence)).toEqual([
        { ref: 'r', target: { type: 'row', tableId: 't2', sourceRow: 4 } },
      ]);
    },
  },
  {
    version: 6,
    insert: (db) => {
      insertRows(
        db,
        `INSERT INTO jobs (id, kind, label, subject, state, done, total, unit, pid, started_at, ended_at, message)
         VALUES (@id, @kind, 'Parse aapl-10k.htm', '1', @state, 10, 10, 'pages', 4242, @at, @at, @message)`,
        [
          { id: 'job-1', kind: 'parse', state: 'done', at: AT, message: null },
          { id: 'job-2', kind: 'pdf', state: 'failed', at: AT, message: 'worker crashed' },
        ],
      );
    },
    check: (db) => {
      expect(db.prepare('SELECT id, state, message FROM jobs ORDER BY id').all()).toEqual([
        { id: 'job-1', state: 'done', message: null },
        { id: 'job-2', state: 'failed', message: 'worker crashed' },
      ]);
    },
  },
  {
    version: 7,
    insert: (db) => {
      db.prepare(
        `INSERT INTO document_facts (document_id, company, form, period_end, fiscal_year, source, reader_version, read_at)
         VALUES (1, 'Apple Inc.', '10-K', '2024-09-28', 2024, 'xbrl', 2, ?)`,
      ).run(AT);
    },
    check: (db) => {
      expect(one(db, 'SELECT company, form, fiscal_year, source FROM document_facts')).toEqual({
        company: 'Apple Inc.',
        form: '10-K',
        fiscal_year: 2024,
        source: 'xbrl',
      });
    },
  },
  {
    version: 8,
    insert: (db) => {
      db.prepare(`INSERT INTO llm_providers (id, config, created_at) VALUES (1, ?, ?)`).run(
        JSON.stringify({ kind: 'openai', apiKeySecret: 'llm.openai' }),
        AT,
      );
      db.prepare(
        `INSERT INTO llm_settings (id, offline, prices) VALUES (1, 1, '{"gpt":[1,2]}')`,
      ).run();
      db.prepare(
        `INSERT INTO llm_cache (key, response, created_at) VALUES (?, '{"text":"42"}', ?)`,
      ).run(SHA('d'), AT);
    },
    check: (db) => {
      expect(
        JSON.parse(
          one<{ config: string }>(db, 'SELECT config FROM llm_providers WHERE id = 1').config,
        ),
      ).toEqual({ kind: 'openai', apiKeySecret: 'llm.openai' });
      expect(one(db, 'SELECT offline, prices FROM llm_settings')).toEqual({
        offline: 1,
        prices: '{"gpt":[1,2]}',
      });
      expect(one(db, 'SELECT response FROM llm_cache WHERE key = ?', SHA('d'))).toEqual({
        response: '{"text":"42"}',
      });
    },
  },
  {
    version: 9,
    insert: (db, from) => {
      db.prepare(
        `INSERT INTO retrieval_indexes (document_id, version_key, unit_count, first_unit, last_unit, built_at)
         VALUES (1, 'index 1; parser 7; model abc', 2, 1, 2, ?)`,
      ).run(AT);
      const units = [
        {
          unit_id: 1,
          ordinal: 0,
          kind: 'cell',
          text: 'Net sales 2024: 391,035',
          headers: 'Net sales | 2024',
          lens: [4, 3, 0],
          lead: null,
        },
        {
          unit_id: 2,
          ordinal: 1,
          kind: 'paragraph',
          text: 'Revenue grew on iPhone demand.',
          headers: '',
          lens: [5, 0, 0],
          lead: 't1',
        },
      ];
      const withLengths = from.variant === 'with-lengths';
      const insertMeta = db.prepare(
        withLengths
          ? `INSERT INTO retrieval_unit_meta (unit_id, document_id, ordinal, kind, block_id, text,
               len_text, len_headers, len_caption, lead_in_of)
             VALUES (@unit_id, 1, @ordinal, @kind, 'b1', @text, @len_text, @len_headers,
               @len_caption, @lead)`
          : `INSERT INTO retrieval_unit_meta (unit_id, document_id, ordinal, kind, block_id, text)
             VALUES (@unit_id, 1, @ordinal, @kind, 'b1', @text)`,
      );
      const insertFts = db.prepare(
        "INSERT INTO retrieval_units (rowid, text, headers, caption) VALUES (@unit_id, @text, @headers, '')",
      );
      for (const u of units) {
        const row = { unit_id: u.unit_id, ordinal: u.ordinal, kind: u.kind, text: u.text };
        const [len_text, len_headers, len_caption] = u.lens;
        insertMeta.run(
          withLengths ? { ...row, len_text, len_headers, len_caption, lead: u.lead } : row,
        );
        insertFts.run({ unit_id: u.unit_id, text: u.text, headers: u.headers });
      }
      db.prepare(
        `INSERT INTO retrieval_vectors (document_id, model, ordinal, vector) VALUES (1, 'embed-small', 0, ?)`,
      ).run(Buffer.from(new Float32Array([0.25, -1]).buffer));
    },
    check: async (db, from) => {
      const match = (term: string) =>
        db
          .prepare<[string], number>(
            'SELECT rowid FROM retrieval_units WHERE retrieval_units MATCH ? ORDER BY rowid',
          )
          .pluck()
          .all(term);
      if (from.variant === 'with-lengths') {
        // The index is kept whole: units with their lengths, FTS rows, vectors.
        expect(
          db
            .prepare(
              'SELECT unit_id, kind, text, len_text, len_headers, len_caption, lead_in_of FROM retrieval_unit_meta ORDER BY unit_id',
            )
            .all(),
        ).toEqual([
          {
            unit_id: 1,
            kind: 'cell',
            text: 'Net sales 2024: 391,035',
            len_text: 4,
            len_headers: 3,
            len_caption: 0,
            lead_in_of: null,
          },
          {
            unit_id: 2,
            kind: 'paragraph',
            text: 'Revenue grew on iPhone demand.',
            len_text: 5,
            len_headers: 0,
            len_caption: 0,
            lead_in_of: 't1',
          },
        ]);
        expect(match('sales')).toEqual([1]);
        expect(match('revenues')).toEqual([2]);
        expect(one(db, 'SELECT count(*) AS n FROM retrieval_vectors')).toEqual({ n: 1 });
        // The trigger came back with the new table: a unit's meta row takes its FTS row along.
        db.prepare('DELETE FROM retrieval_unit_meta WHERE unit_id = 2').run();
        expect(match('revenues')).toEqual([]);
      } else {
        // Without lengths the (stale, version 1) index could not be kept: it was dropped whole.
        for (const table of [
          'retrieval_indexes',
          'retrieval_unit_meta',
          'retrieval_vectors',
          'retrieval_units',
        ])
          expect(one(db, `SELECT count(*) AS n FROM ${table}`)).toEqual({ n: 0 });
        expect(match('sales')).toEqual([]);
      }
      // Either way the workspace indexes a document again. On a workspace whose table lacked the
      // BM25F columns this failed: "table retrieval_unit_meta has no column named len_text".
      const hits = await new RetrievalService(db).search(1, smallDocument(), 'net income 2025');
      expect(hits.length).toBeGreaterThan(0);
      // …with its own postings (migration 24): one row per term, and the document marked built.
      expect(
        one(db, 'SELECT count(*) AS n FROM retrieval_ranking_units WHERE document_id = 1'),
      ).toEqual({ n: 1 });
      expect(
        one(
          db,
          "SELECT count(*) AS n FROM retrieval_postings WHERE document_id = 1 AND term = 'incom'",
        ),
      ).toEqual({ n: 1 });
      expect(
        one(db, 'SELECT count(*) AS n FROM retrieval_unit_meta WHERE len_text > 0'),
      ).not.toEqual({
        n: 0,
      });
    },
  },
  {
    version: 10,
    insert: (db) => {
      db.prepare(
        `INSERT INTO asks (id, ask_id, document_id, question_id, mode, model, created_at, result)
         VALUES (1, 'ask-1', 1, 1, 'pot', 'gpt-4o', ?, '{"answer":"1234"}')`,
      ).run(AT);
      db.prepare(
        `INSERT INTO prompt_templates (id, name, mode, system, user, updated_at)
         VALUES ('mine', 'My CoT', 'cot', 'You are careful.', '{{question}}', ?)`,
      ).run(AT);
    },
    check: (db) => {
      expect(
        one(db, 'SELECT ask_id, document_id, question_id, mode, result FROM asks WHERE id = 1'),
      ).toEqual({
        ask_id: 'ask-1',
        document_id: 1,
        question_id: 1,
        mode: 'pot',
        result: '{"answer":"1234"}',
      });
      expect(one(db, "SELECT name, mode, user FROM prompt_templates WHERE id = 'mine'")).toEqual({
        name: 'My CoT',
        mode: 'cot',
        user: '{{question}}',
      });
    },
  },
  {
    version: 11,
    insert: (db) => {
      db.prepare(
        `INSERT INTO runs (id, dataset_id, source, model, mode, status, total, manifest, pid, message, created_at, updated_at)
         VALUES (1, 1, 'engine', 'gpt-4o', 'pot', 'done', 2, '{"seed":1}', NULL, NULL, ?, ?)`,
      ).run(AT, AT);
      insertRows(
        db,
        `INSERT INTO run_items (id, run_id, question_id, external_id, output, answer, answer_kind, created_at, latency_ms)
         VALUES (@id, 1, @q, @ext, @output, @answer, 'extracted', @at, 812.5)`,
        [
          { id: 1, q: 1, ext: 'q-1', output: 'The answer is 1,234', answer: '"1,234"', at: AT },
          // A question a re-import removed: the item keeps the dataset's id.
          { id: 2, q: null, ext: 'q-old', output: 'I cannot tell', answer: null, at: AT },
        ],
      );
      insertRows(
        db,
        `INSERT INTO run_verdicts (item_id, run_id, scorer, scorer_version, correct, score, outcome, rule, extracted, pred_normalized, gold_normalized)
         VALUES (@item, 1, 'analyst', '3', @correct, @correct, @outcome, 'exact', NULL, @pred, '1234')`,
        [
          { item: 1, correct: 1, outcome: 'correct', pred: '1234' },
          { item: 2, correct: 0, outcome: 'refusal', pred: '' },
        ],
      );
    },
    check: (db) => {
      expect(one(db, 'SELECT status, total, manifest FROM runs WHERE id = 1')).toEqual({
        status: 'done',
        total: 2,
        manifest: '{"seed":1}',
      });
      expect(
        db
          .prepare(
            'SELECT id, question_id, external_id, latency_ms FROM run_items WHERE run_id = 1 ORDER BY id',
          )
          .all(),
      ).toEqual([
        { id: 1, question_id: 1, external_id: 'q-1', latency_ms: 812.5 },
        { id: 2, question_id: null, external_id: 'q-old', latency_ms: 812.5 },
      ]);
      // Verdicts from before migration 18 have no gold version: regrade --stale finds them.
      expect(
        db
          .prepare(
            "SELECT item_id, outcome, gold_version FROM run_verdicts WHERE run_id = 1 AND scorer = 'analyst' ORDER BY item_id",
          )
          .all(),
      ).toEqual([
        { item_id: 1, outcome: 'correct', gold_version: null },
        { item_id: 2, outcome: 'refusal', gold_version: null },
      ]);
    },
  },
  {
    version: 12,
    insert: (db) => {
      insertRows(
        db,
        `INSERT INTO sessions (id, dataset_id, dataset_name, dataset_format, question_set_key, seed,
           stratify, budget_seconds, expert, instructions, status, created_at, finished_at,
           app_version, origin, bundle_sha256)
         VALUES (@id, 1, 'tatqa_dev.json', 'tatqa', 'key-1', 7, 'none', 600, @expert, '', 'finished',
           @at, @at, '0.1.0', @origin, @bundle)`,
        [
          { id: 1, expert: 'Ana', at: AT, origin: 'local', bundle: null },
          { id: 2, expert: 'Bo', at: AT, origin: 'imported', bundle: SHA('e') },
        ],
      );
      insertRows(
        db,
        `INSERT INTO session_questions (session_id, position, question_id, external_id) VALUES (@s, 0, 1, 'q-1')`,
        [{ s: 1 }, { s: 2 }],
      );
      insertRows(
        db,
        `INSERT INTO session_events (session_id, seq, type, question_id, at_ms, wall_ms) VALUES (1, @seq, @type, 1, @at, @at)`,
        [
          { seq: 1, type: 'start', at: 1000 },
          { seq: 2, type: 'answer-saved', at: 5000 },
          { seq: 3, type: 'finish', at: 9000 },
        ],
      );
      db.prepare(
        `INSERT INTO session_answers (session_id, question_id, value, unit, scale, confidence, notes,
           evidence, revision, submitted, submitted_at, submitted_active_seconds, late, updated_at)
         VALUES (1, 1, '1234', 'USD', 'million', 4, 'from the table', '[]', 3, 1, ?, 42.5, 0, ?)`,
      ).run(AT, AT);
      db.prepare(
        `INSERT INTO session_scratch (id, session_id, question_id, program, ok, value, error, logs, reads, at)
         VALUES (1, 1, 1, 'cell("t1", 2, 3)', 1, '1234', NULL, '', 1, ?)`,
      ).run(AT);
      db.prepare(
        `INSERT INTO session_verdicts (session_id, question_id, scorer, scorer_version, correct, score,
           outcome, rule, prediction, pred_normalized, gold_normalized)
         VALUES (1, 1, 'analyst', '3', 1, 1, 'correct', 'exact', '1234', '1234', '1234')`,
      ).run();
    },
    check: (db) => {
      expect(
        db
          .prepare('SELECT id, expert, origin, signature FROM sessions WHERE id <= 2 ORDER BY id')
          .all(),
      ).toEqual([
        { id: 1, expert: 'Ana', origin: 'local', signature: 'local' },
        { id: 2, expert: 'Bo', origin: 'imported', signature: 'unsigned' },
      ]);
      // Migration 17: a local session has a uid, an imported one from before has none.
      const uids = db
        .prepare<[], string | null>('SELECT session_uid FROM sessions WHERE id <= 2 ORDER BY id')
        .pluck()
        .all();
      expect(uids[0]).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      expect(uids[1]).toBeNull();
      expect(
        db.prepare('SELECT seq, type FROM session_events WHERE session_id = 1 ORDER BY seq').all(),
      ).toEqual([
        { seq: 1, type: 'start' },
        { seq: 2, type: 'answer-saved' },
        { seq: 3, type: 'finish' },
      ]);
      expect(
        one(db, 'SELECT value, scale, revision, submitted_active_seconds FROM session_answers'),
      ).toEqual({
        value: '1234',
        scale: 'million',
        revision: 3,
        submitted_active_seconds: 42.5,
      });
      expect(one(db, 'SELECT program, value FROM session_scratch WHERE id = 1')).toEqual({
        program: 'cell("t1", 2, 3)',
        value: '1234',
      });
      expect(
        one(
          db,
          "SELECT outcome, gold_version FROM session_verdicts WHERE session_id = 1 AND scorer = 'analyst'",
        ),
      ).toEqual({
        outcome: 'correct',
        gold_version: null,
      });
    },
  },
  {
    version: 13,
    insert: (db) => {
      db.prepare(
        `INSERT INTO gold_disputes (id, question_id, proposed, reason, raised_by, raised_at, status, decided_by, decided_at, decision_note)
         VALUES (1, 1, '"1,243"', 'digits swapped in the table', 'Ana', ?, 'accepted', 'Bo', ?, 'checked the 10-K')`,
      ).run(AT, AT);
      insertRows(
        db,
        `INSERT INTO gold_versions (question_id, version, gold, source, dispute_id, created_at)
         VALUES (1, @version, @gold, @source, @dispute, @at)`,
        [
          { version: 0, gold: '"1,234"', source: 'dataset', dispute: null, at: AT },
          { version: 1, gold: '"1,243"', source: 'dispute', dispute: 1, at: AT },
        ],
      );
    },
    check: (db) => {
      expect(
        one(db, 'SELECT question_id, status, decided_by FROM gold_disputes WHERE id = 1'),
      ).toEqual({
        question_id: 1,
        status: 'accepted',
        decided_by: 'Bo',
      });
      expect(
        db
          .prepare(
            'SELECT version, gold, dispute_id FROM gold_versions WHERE question_id = 1 ORDER BY version',
          )
          .all(),
      ).toEqual([
        { version: 0, gold: '"1,234"', dispute_id: null },
        { version: 1, gold: '"1,243"', dispute_id: 1 },
      ]);
    },
  },
  {
    version: 14,
    insert: (db) => {
      db.prepare(
        `INSERT INTO run_batches (id, run_id, batch_id, input_file_id, status, question_ids, collected, created_at, updated_at)
         VALUES (1, 1, 'batch_abc', 'file-in', 'in_progress', '[1]', 0, ?, ?)`,
      ).run(AT, AT);
    },
    check: (db) => {
      expect(
        one(
          db,
          'SELECT run_id, batch_id, status, question_ids, collected FROM run_batches WHERE id = 1',
        ),
      ).toEqual({
        run_id: 1,
        batch_id: 'batch_abc',
        status: 'in_progress',
        question_ids: '[1]',
        collected: 0,
      });
    },
  },
  {
    version: 15,
    insert: (db) => {
      db.prepare(
        `INSERT INTO runs (id, dataset_id, source, model, mode, status, total, manifest, created_at, updated_at)
         VALUES (2, 1, 'imported', 'claude', NULL, 'done', 1, '{}', ?, ?)`,
      ).run(AT, AT);
      db.prepare(
        `INSERT INTO run_items (id, run_id, question_id, external_id, output, answer, answer_kind, created_at)
         VALUES (3, 2, 1, 'q-1', '1,243', '"1,243"', 'text', ?)`,
      ).run(AT);
      db.prepare(
        `INSERT INTO run_judgements (id, run_id, item_id, judge_model, endpoint, rubric_id, rubric_hash,
           content_hash, prompt, reply, status, verdict, score, reason, input_tokens, output_tokens, latency_ms, created_at)
         VALUES (1, 1, 1, 'judge-1', 'https://api.example', 'analytic-v1', 'h1', 'c1', '[]', 'CORRECT',
           'judged', 'correct', 1, 'matches', 120, 8, 300, ?)`,
      ).run(AT);
      db.prepare(
        `INSERT INTO run_pair_judgements (id, first_run, second_run, first_item, second_item, external_id,
           judge_model, endpoint, rubric_id, rubric_hash, content_hash, prompt, reply, status, choice,
           reason, input_tokens, output_tokens, latency_ms, created_at)
         VALUES (1, 1, 2, 1, 3, 'q-1', 'judge-1', 'https://api.example', 'analytic-v1', 'h1', 'c2', '[]',
           'FIRST', 'judged', 'first', 'closer', 200, 4, 250, ?)`,
      ).run(AT);
    },
    check: (db) => {
      expect(
        one(db, 'SELECT item_id, status, verdict, score FROM run_judgements WHERE id = 1'),
      ).toEqual({
        item_id: 1,
        status: 'judged',
        verdict: 'correct',
        score: 1,
      });
      expect(
        one(db, 'SELECT first_item, second_item, choice FROM run_pair_judgements WHERE id = 1'),
      ).toEqual({
        first_item: 1,
        second_item: 3,
        choice: 'first',
      });
    },
  },
  {
    version: 16,
    insert: (db) => {
      db.prepare(
        `INSERT INTO asks (id, ask_id, document_id, question_id, mode, model, created_at, result)
         VALUES (2, 'ask-2', 2, NULL, 'pot-python', 'gpt-4o', ?, '{"answer":"1.5"}')`,
      ).run(AT);
      db.prepare(
        `INSERT INTO prompt_templates (id, name, mode, system, user, updated_at)
         VALUES ('py', 'Python', 'pot-python', '', '{{question}}', ?)`,
      ).run(AT);
    },
    check: (db) => {
      expect(one(db, 'SELECT ask_id, mode FROM asks WHERE id = 2')).toEqual({
        ask_id: 'ask-2',
        mode: 'pot-python',
      });
      expect(one(db, "SELECT mode FROM prompt_templates WHERE id = 'py'")).toEqual({
        mode: 'pot-python',
      });
    },
  },
  {
    version: 17,
    insert: (db) => {
      db.prepare(
        `INSERT INTO sessions (id, dataset_id, dataset_name, dataset_format, question_set_key, seed,
           stratify, budget_seconds, expert, instructions, status, created_at, app_version, origin,
           bundle_sha256, session_uid, signature, signer_public_key, signer_fingerprint)
         VALUES (3, 1, 'tatqa_dev.json', 'tatqa', 'key-1', 7, 'none', 600, 'Cy', '', 'open', ?, '0.2.0',
           'imported', ?, '11111111-2222-4333-8444-555555555555', 'signed', 'MCowBQYDK2VwAyEA', 'fp:abc')`,
      ).run(AT, SHA('f'));
    },
    check: (db) => {
      expect(
        one(db, 'SELECT session_uid, signature, signer_fingerprint FROM sessions WHERE id = 3'),
      ).toEqual({
        session_uid: '11111111-2222-4333-8444-555555555555',
        signature: 'signed',
        signer_fingerprint: 'fp:abc',
      });
    },
  },
  {
    version: 18,
    insert: (db) => {
      db.prepare(
        `INSERT INTO run_verdicts (item_id, run_id, scorer, scorer_version, correct, score, outcome, rule,
           extracted, pred_normalized, gold_normalized, gold_version)
         VALUES (3, 2, 'analyst', '4', 1, 1, 'correct', 'exact', NULL, '1243', '1243', 'gv-1')`,
      ).run();
      db.prepare(
        `INSERT INTO session_verdicts (session_id, question_id, scorer, scorer_version, correct, score,
           outcome, rule, prediction, pred_normalized, gold_normalized, gold_version)
         VALUES (1, 1, 'strict', '2', 0, 0, 'incorrect', 'exact', '1234', '1234', '1243', 'gv-1')`,
      ).run();
    },
    check: (db) => {
      expect(one(db, 'SELECT outcome, gold_version FROM run_verdicts WHERE item_id = 3')).toEqual({
        outcome: 'correct',
        gold_version: 'gv-1',
      });
      expect(
        one(db, "SELECT outcome, gold_version FROM session_verdicts WHERE scorer = 'strict'"),
      ).toEqual({
        outcome: 'incorrect',
        gold_version: 'gv-1',
      });
    },
  },
  {
    version: 19,
    insert: (db) => {
      db.prepare(
        `INSERT INTO question_sets (id, name, description, dataset_id, question_set_key, selection, created_at)
         VALUES (1, 'pilot', 'two questions', 1, 'key-1', '{"kind":"ids"}', ?)`,
      ).run(AT);
      insertRows(
        db,
        `INSERT INTO question_set_questions (set_id, position, question_id, external_id) VALUES (1, @p, @q, @ext)`,
        [
          { p: 0, q: 1, ext: 'q-1' },
          { p: 1, q: 10, ext: 'q-2' },
        ],
      );
    },
    check: (db) => {
      expect(one(db, 'SELECT name, dataset_id, selection FROM question_sets WHERE id = 1')).toEqual(
        {
          name: 'pilot',
          dataset_id: 1,
          selection: '{"kind":"ids"}',
        },
      );
      expect(
        db
          .prepare(
            'SELECT position, question_id FROM question_set_questions WHERE set_id = 1 ORDER BY position',
          )
          .all(),
      ).toEqual([
        { position: 0, question_id: 1 },
        { position: 1, question_id: 10 },
      ]);
    },
  },
  {
    version: 21,
    insert: (db) => {
      db.prepare(
        `INSERT INTO fact_index_documents (document_id, index_version, parser_version, fact_count, indexed_at)
         VALUES (1, 1, 20, 1, ?)`,
      ).run(AT);
      db.prepare(
        `INSERT INTO filing_facts (document_id, seq, concept, local_name, period_start, period_end,
           label, dimensions, unit, decimals, value, scale, base, cells)
         VALUES (1, 0, 'us-gaap:Revenues', 'revenues', '2023-10-01', '2024-09-28', 'FY2024', '{}',
           'USD', '-6', 391035, 1000000, 391035000000, '[{"tableId":"t1","row":0,"col":0}]')`,
      ).run();
    },
    check: (db) => {
      expect(
        one(db, 'SELECT concept, label, base, cells FROM filing_facts WHERE document_id = 1'),
      ).toEqual({
        concept: 'us-gaap:Revenues',
        label: 'FY2024',
        base: 391035000000,
        cells: '[{"tableId":"t1","row":0,"col":0}]',
      });
    },
  },
  {
    version: 22,
    insert: (db) => {
      db.prepare(
        `UPDATE document_facts SET cik = '0000320193', fiscal_period = 'FY', reader_version = 3
         WHERE document_id = 1`,
      ).run();
      db.prepare(
        `UPDATE filing_facts SET row_label = 'Total net sales' WHERE document_id = 1`,
      ).run();
    },
    check: (db, from) => {
      // Rows written before 22 come through with the new columns empty, to be read again.
      const facts = one(db, 'SELECT cik, fiscal_period, reader_version FROM document_facts');
      const label = one(db, 'SELECT row_label FROM filing_facts WHERE document_id = 1');
      if (from.version >= 22) {
        expect(facts).toEqual({ cik: '0000320193', fiscal_period: 'FY', reader_version: 3 });
        expect(label).toEqual({ row_label: 'Total net sales' });
      } else {
        expect(facts).toEqual({ cik: null, fiscal_period: null, reader_version: 2 });
        if (from.version >= 21) expect(label).toEqual({ row_label: null });
      }
    },
  },
];
