import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { documentsRepo } from '../../../../main/db/documents-repo';
import { openDatabase } from '../../../../main/db/open';
import { questionsRepo, type StoreDatasetInput } from '../../../../main/db/questions-repo';
import type { DatasetDocument, Question } from '../../../../shared/datasets';
import { tempDir } from '../../../support/temp-dir';

const doc = (externalId: string): DatasetDocument => ({
  schemaVersion: 2,
  externalId,
  source: { name: 'x.json', kind: 'dataset', bytes: 2, format: 'tatqa' },
  title: externalId,
  blocks: [
    {
      type: 'paragraph',
      id: 'p1',
      text: 'hello',
      location: { kind: 'dataset', pointer: '/0/paragraphs/0' },
    },
  ],
  tables: [],
  warnings: [],
});

const question = (id: string, documentExternalId: string): Question => ({
  id,
  documentExternalId,
  question: `${id}?`,
  gold: { answer: ['a', 'b'], answerFrom: 'text' },
  scale: '',
  type: 'multi-span',
  evidence: [{ kind: 'block', ref: '1', blockId: 'p1' }],
});

describe('questions repository', () => {
  let t: ReturnType<typeof tempDir>;
  let db: Database.Database;
  const input = (over: Partial<StoreDatasetInput> = {}): StoreDatasetInput => ({
    name: 'x.json',
    format: 'tatqa',
    sourceDocumentId: null,
    importedAt: '2026-01-01T00:00:00.000Z',
    documents: [doc('d1'), doc('d2')],
    questions: [question('q1', 'd1'), question('q2', 'd2')],
    ...over,
  });
  beforeEach(() => {
    t = tempDir();
    db = openDatabase(join(t.dir, 'workbench.sqlite'));
  });
  afterEach(() => {
    db.close();
    t.cleanup();
  });

  it('stores documents and questions and reads them back as they were', () => {
    const repo = questionsRepo(db);
    const { id, replaced } = repo.store(input());
    expect(replaced).toBe(false);
    expect(repo.summary(id)).toMatchObject({
      name: 'x.json',
      format: 'tatqa',
      documentCount: 2,
      questionCount: 2,
    });
    expect(repo.questions(id)).toEqual([question('q1', 'd1'), question('q2', 'd2')]);
    expect(repo.document(id, 'd2')).toEqual(doc('d2'));
    expect(repo.documents(id)).toHaveLength(2);
  });

  it('reads dataset documents stored before Document schema version 2 (no warnings)', () => {
    const repo = questionsRepo(db);
    const { id } = repo.store(input());
    const { warnings: _, ...v1 } = { ...doc('d1'), schemaVersion: 1 };
    db.prepare('UPDATE dataset_documents SET document = ? WHERE external_id = ?').run(
      JSON.stringify(v1),
      'd1',
    );
    expect(repo.document(id, 'd1')).toEqual(doc('d1'));
    expect(repo.documents(id).map((d) => d.warnings)).toEqual([[], []]);
  });

  it('replaces an earlier import of the same file instead of duplicating it', () => {
    const repo = questionsRepo(db);
    const first = repo.store(input());
    const second = repo.store(input({ questions: [question('q9', 'd1')] }));
    expect(second.replaced).toBe(true);
    expect(repo.list().map((d) => d.id)).toEqual([second.id]);
    expect(repo.summary(first.id)).toBeUndefined();
    expect(repo.questions(second.id).map((q) => q.id)).toEqual(['q9']);
  });

  it('is all or nothing: a question on an unknown document rolls the whole import back', () => {
    const repo = questionsRepo(db);
    const kept = repo.store(input());
    expect(() =>
      repo.store(input({ questions: [question('q1', 'd1'), question('q2', 'nope')] })),
    ).toThrow(/FOREIGN KEY/);
    expect(repo.list().map((d) => d.id)).toEqual([kept.id]);
    expect(repo.questions(kept.id)).toHaveLength(2);
    expect(db.prepare('SELECT count(*) AS n FROM dataset_documents').get()).toEqual({ n: 2 });
  });

  it('refuses duplicate ids within a dataset', () => {
    const repo = questionsRepo(db);
    expect(() =>
      repo.store(input({ questions: [question('q1', 'd1'), question('q1', 'd2')] })),
    ).toThrow(/UNIQUE/);
    expect(() => repo.store(input({ documents: [doc('d1'), doc('d1')], questions: [] }))).toThrow(
      /UNIQUE/,
    );
    expect(repo.list()).toEqual([]);
  });

  it('deleting a dataset cascades; deleting its stored original keeps it', () => {
    const library = documentsRepo(db).insert({
      name: 'x.json',
      kind: 'dataset',
      size: 10,
      sha256: 'a'.repeat(64),
      importedAt: '2026-01-01T00:00:00.000Z',
    });
    const repo = questionsRepo(db);
    const { id } = repo.store(input({ sourceDocumentId: library.id }));
    documentsRepo(db).remove(library.id);
    expect(repo.summary(id)?.sourceDocumentId).toBeNull();
    expect(repo.remove(id)).toBe(true);
    expect(db.prepare('SELECT count(*) AS n FROM questions').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT count(*) AS n FROM dataset_documents').get()).toEqual({ n: 0 });
  });

  it("rejects an unknown format and a scale outside TAT-QA's vocabulary", () => {
    const repo = questionsRepo(db);
    expect(() => repo.store(input({ format: 'nope' as 'tatqa' }))).toThrow(/CHECK/);
    expect(() =>
      repo.store(
        input({ questions: [{ ...question('q1', 'd1'), scale: 'millions' as 'million' }] }),
      ),
    ).toThrow(/CHECK/);
  });
});
