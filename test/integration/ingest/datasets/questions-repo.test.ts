import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { documentsRepo } from '../../../../main/db/documents-repo';
import { openDatabase } from '../../../../main/db/open';
import { questionsRepo, type StoreDatasetInput } from '../../../../main/db/questions-repo';
import type { DatasetDocument, Question } from '../../../../shared/datasets';
import { documentSchemaVersion } from '../../../../shared/document';
import { tempDir } from '../../../support/temp-dir';

const doc = (externalId: string): DatasetDocument => ({
  schemaVersion: documentSchemaVersion,
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
  evidence: [{ ref: '1', target: { type: 'paragraph', blockId: 'p1' } }],
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
    db.prepare(
      'UPDATE dataset_records SET model = ? WHERE document_id = (SELECT id FROM documents WHERE external_id = ?)',
    ).run(JSON.stringify(v1), 'd1');
    expect(repo.document(id, 'd1')).toEqual(doc('d1'));
    expect(repo.documents(id).map((d) => d.warnings)).toEqual([[], []]);
  });

  it('reads dataset documents stored as Document schema version 2 (before cell bases)', () => {
    const repo = questionsRepo(db);
    const { id } = repo.store(input());
    db.prepare(
      'UPDATE dataset_records SET model = ? WHERE document_id = (SELECT id FROM documents WHERE external_id = ?)',
    ).run(JSON.stringify({ ...doc('d1'), schemaVersion: 2 }), 'd1');
    expect(repo.document(id, 'd1')).toEqual(doc('d1'));
    expect(repo.documents(id).map((d) => d.schemaVersion)).toEqual([
      documentSchemaVersion,
      documentSchemaVersion,
    ]);
  });

  it('updates an earlier import of the same file in place, keeping ids, and reports changes', () => {
    const repo = questionsRepo(db);
    const first = repo.store(input());
    const before = repo.storedQuestions(first.id);
    const docIds = before.map((q) => q.documentId);
    const changedQ2 = { ...question('q2', 'd2'), question: 'q2, reworded?' };
    const second = repo.store(
      input({ questions: [question('q1', 'd1'), changedQ2, question('q3', 'd1')] }),
    );
    expect(second.id).toBe(first.id);
    expect(second.replaced).toBe(true);
    expect(second.questions).toMatchObject({ added: 1, changed: 1, removed: 0, unchanged: 1 });
    expect(second.questions.examples).toEqual({ added: ['q3'], changed: ['q2'], removed: [] });
    expect(second.documents).toMatchObject({ added: 0, changed: 0, removed: 0, unchanged: 2 });
    const after = repo.storedQuestions(second.id);
    expect(after.map((q) => [q.externalId, q.id])).toEqual([
      ['q1', before[0]!.id],
      ['q2', before[1]!.id],
      ['q3', expect.any(Number)],
    ]);
    expect(after[2]!.id).toBeGreaterThan(before[1]!.id);
    expect(after[1]!.question).toBe('q2, reworded?');
    expect(after.slice(0, 2).map((q) => q.documentId)).toEqual(docIds);
    expect(repo.list().map((d) => d.id)).toEqual([first.id]);

    const third = repo.store(input({ documents: [doc('d1')], questions: [question('q1', 'd1')] }));
    expect(third.questions).toMatchObject({ removed: 2, unchanged: 1 });
    expect(third.questions.examples.removed).toEqual(['q2', 'q3']);
    expect(third.documents).toMatchObject({ removed: 1, unchanged: 1 });
    expect(repo.storedQuestions(first.id).map((q) => q.id)).toEqual([before[0]!.id]);
  });

  it('never hands a removed question or document id to a new row', () => {
    const repo = questionsRepo(db);
    const first = repo.store(input());
    const ids = repo.storedQuestions(first.id).map((q) => q.id);
    const docs = repo.storedQuestions(first.id).map((q) => q.documentId);
    expect(repo.remove(first.id)).toBe(true);
    const again = repo.store(input());
    const newIds = repo.storedQuestions(again.id).map((q) => q.id);
    const newDocs = repo.storedQuestions(again.id).map((q) => q.documentId);
    expect(Math.min(...newIds)).toBeGreaterThan(Math.max(...ids));
    expect(Math.min(...(newDocs as number[]))).toBeGreaterThan(Math.max(...(docs as number[])));
  });

  it('is all or nothing: a question on an unknown document rolls the whole import back', () => {
    const repo = questionsRepo(db);
    const kept = repo.store(input());
    expect(() =>
      repo.store(input({ questions: [question('q1', 'd1'), question('q2', 'nope')] })),
    ).toThrow(/FOREIGN KEY/);
    expect(repo.list().map((d) => d.id)).toEqual([kept.id]);
    expect(repo.questions(kept.id)).toHaveLength(2);
    expect(db.prepare('SELECT count(*) AS n FROM dataset_records').get()).toEqual({ n: 2 });
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
    expect(db.prepare('SELECT count(*) AS n FROM dataset_records').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT count(*) AS n FROM documents').get()).toEqual({ n: 0 });
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
