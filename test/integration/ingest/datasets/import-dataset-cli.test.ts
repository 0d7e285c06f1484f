import Database from 'better-sqlite3';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../../../main/cli';
import { DatasetDocument, Question } from '../../../../shared/datasets';
import { Document } from '../../../../shared/document';
import { dataPath, hasData } from '../../../support/data-dir';
import { tempDir } from '../../../support/temp-dir';

/** Runs the CLI in-process (the built dist/ may predate this command) and captures its output. */
async function run(args: string[]) {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout += String(chunk);
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr += String(chunk);
    return true;
  });
  try {
    const code = await main(args);
    return { code, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

const count = (dbPath: string, sql: string) => {
  const db = new Database(dbPath, { readonly: true });
  try {
    return (db.prepare(sql).get() as { n: number }).n;
  } finally {
    db.close();
  }
};

describe('workbench import-dataset', () => {
  let t: ReturnType<typeof tempDir>;
  beforeEach(() => {
    t = tempDir('workbench-dataset-');
  });
  afterEach(() => t.cleanup());

  it('imports a file, writes documents and questions as JSON, and stores the original', async () => {
    const file = join(t.dir, 'tiny_tatqa.json');
    writeFileSync(
      file,
      JSON.stringify([
        {
          table: {
            uid: 'tbl-1',
            table: [
              ['', '2019'],
              ['Revenue', '$10'],
            ],
          },
          paragraphs: [{ uid: 'p', order: 1, text: 'Revenue rose.' }],
          questions: [
            {
              uid: 'q-1',
              order: 1,
              question: 'Revenue in 2019?',
              answer: ['$10'],
              derivation: '',
              answer_type: 'span',
              answer_from: 'table',
              rel_paragraphs: ['1'],
              scale: '',
            },
          ],
        },
      ]),
    );
    const out = join(t.dir, 'out.json');
    const ws = join(t.dir, 'ws');
    const r = await run([
      'import-dataset',
      '--format',
      'tatqa',
      file,
      '--out',
      out,
      '--workspace',
      ws,
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^imported tiny_tatqa\.json \(tatqa\) as dataset #1\n/);
    expect(r.stdout).toMatch(/documents: 1\n {2}questions: 1\n {2}tables: {4}1 \(1 cells\)/);
    expect(r.stdout).toMatch(/time: {6}read \d+\.\d\d s, store/);
    const json = JSON.parse(readFileSync(out, 'utf8')) as {
      documents: unknown[];
      questions: unknown[];
    };
    const doc = DatasetDocument.parse(json.documents[0]);
    expect(Document.parse(json.documents[0])).toEqual(json.documents[0]);
    expect(doc.externalId).toBe('tbl-1');
    expect(Question.parse(json.questions[0])).toMatchObject({
      id: 'q-1',
      documentExternalId: 'tbl-1',
    });
    const dbPath = join(ws, 'workbench.sqlite');
    expect(count(dbPath, "SELECT count(*) AS n FROM documents WHERE kind = 'dataset'")).toBe(1);
    expect(count(dbPath, 'SELECT count(*) AS n FROM questions')).toBe(1);

    // the same file again: replaced, not duplicated, and the stored original is reused
    const again = await run(['import-dataset', '--format', 'tatqa', file, '--workspace', ws]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/replacing the earlier import/);
    expect(again.stdout).toMatch(
      /changes: {3}questions 0 added, 0 changed, 0 removed, 1 unchanged/,
    );
    expect(count(dbPath, 'SELECT count(*) AS n FROM datasets')).toBe(1);
    // the stored original and the one record document it holds, each once
    expect(count(dbPath, 'SELECT count(*) AS n FROM documents WHERE sha256 IS NOT NULL')).toBe(1);
    expect(count(dbPath, "SELECT count(*) AS n FROM documents WHERE kind = 'record'")).toBe(1);
  });

  it('fails with one line naming file, record and field, and imports nothing', async () => {
    const file = join(t.dir, 'tatqa_dataset_dev.json');
    writeFileSync(
      file,
      JSON.stringify([{ table: { uid: 'x', table: 'oops' }, paragraphs: [], questions: [] }]),
    );
    const ws = join(t.dir, 'ws');
    const r = await run(['import-dataset', '--format', 'tatqa', file, '--workspace', ws]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'workbench: tatqa_dataset_dev.json: record 0: table.table must be an array of rows\n',
    );
    mkdirSync(ws, { recursive: true });
    const info = await run(['workspace', 'info', '--workspace', ws, '--json']);
    expect(JSON.parse(info.stdout)).toMatchObject({ documentCount: 0 });
  });

  it('rejects a missing or unknown --format with usage status 2', async () => {
    const r = await run(['import-dataset', join(t.dir, 'x.json'), '--workspace', t.dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--format must be one of tatqa, tathqa, finqa/);
  });

  it.skipIf(!hasData)('imports FinanceBench with its 25 PDFs stored in the library', async () => {
    const ws = join(t.dir, 'ws');
    const r = await run([
      'import-dataset',
      '--format',
      'financebench',
      dataPath('financebench', 'questions.jsonl'),
      '--workspace',
      ws,
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/plus 25 referenced PDFs/);
    const dbPath = join(ws, 'workbench.sqlite');
    expect(count(dbPath, "SELECT count(*) AS n FROM documents WHERE kind = 'pdf'")).toBe(25);
    expect(
      count(
        dbPath,
        "SELECT count(DISTINCT q.document_id) AS n FROM questions q JOIN documents d ON d.id = q.document_id WHERE d.kind = 'pdf'",
      ),
    ).toBe(25);
    expect(count(dbPath, 'SELECT count(*) AS n FROM questions')).toBe(65);
  });
});
