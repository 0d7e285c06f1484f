import type { Database } from 'better-sqlite3';
import { QuestionSetSelection, type QuestionSet } from '../../shared/question-sets/question-set';
import type { DatasetFormat } from '../../shared/document/dataset-format';
import { perConnection } from './per-connection';
import { writeTransaction } from './write-transaction';

interface SetRow {
  id: number;
  name: string;
  description: string;
  dataset_id: number;
  dataset_name: string;
  dataset_format: string;
  question_set_key: string;
  selection: string;
  created_at: string;
}

export interface NewQuestionSet {
  name: string;
  description: string;
  datasetId: number;
  key: string;
  selection: QuestionSetSelection;
  createdAt: string;
  questions: { questionId: number; externalId: string }[];
}

const SELECT_SET = `
  SELECT s.*, d.name AS dataset_name, d.format AS dataset_format
  FROM question_sets s JOIN datasets d ON d.id = s.dataset_id`;

/** All SQL touching question sets. */
export const questionSetsRepo = perConnection((db: Database) => {
  const insSet = db.prepare<unknown[], { id: number }>(`
    INSERT INTO question_sets (name, description, dataset_id, question_set_key, selection, created_at)
    VALUES (?, ?, ?, ?, ?, ?) RETURNING id`);
  const insQuestion = db.prepare<[number, number, number, string]>(
    'INSERT INTO question_set_questions (set_id, position, question_id, external_id) VALUES (?, ?, ?, ?)',
  );
  const byId = db.prepare<[number], SetRow>(`${SELECT_SET} WHERE s.id = ?`);
  const byName = db.prepare<[string], SetRow>(`${SELECT_SET} WHERE s.name = ?`);
  const byKey = db.prepare<[string], SetRow>(
    `${SELECT_SET} WHERE s.question_set_key = ? ORDER BY s.id`,
  );
  const all = db.prepare<[], SetRow>(`${SELECT_SET} ORDER BY s.id DESC`);
  const ofDataset = db.prepare<[number], SetRow>(
    `${SELECT_SET} WHERE s.dataset_id = ? ORDER BY s.id DESC`,
  );
  const questionRows = db.prepare<[number], { question_id: number; external_id: string }>(
    'SELECT question_id, external_id FROM question_set_questions WHERE set_id = ? ORDER BY position',
  );
  const del = db.prepare<[number]>('DELETE FROM question_sets WHERE id = ?');

  const toSet = (r: SetRow): QuestionSet => ({
    id: r.id,
    name: r.name,
    description: r.description,
    datasetId: r.dataset_id,
    datasetName: r.dataset_name,
    datasetFormat: r.dataset_format as DatasetFormat,
    key: r.question_set_key,
    questionIds: questionRows.all(r.id).map((q) => q.question_id),
    selection: QuestionSetSelection.parse(JSON.parse(r.selection)),
    createdAt: r.created_at,
  });

  const create = writeTransaction(db, (s: NewQuestionSet): number => {
    const { id } = insSet.get(
      s.name,
      s.description,
      s.datasetId,
      s.key,
      JSON.stringify(s.selection),
      s.createdAt,
    )!;
    s.questions.forEach((q, position) => insQuestion.run(id, position, q.questionId, q.externalId));
    return id;
  });

  return {
    create,
    get: (id: number): QuestionSet | undefined => {
      const r = byId.get(id);
      return r ? toSet(r) : undefined;
    },
    byName: (name: string): QuestionSet | undefined => {
      const r = byName.get(name);
      return r ? toSet(r) : undefined;
    },
    /** Sets on exactly these questions (a session's key), oldest first. */
    byKey: (key: string): QuestionSet[] => byKey.all(key).map(toSet),
    list: (datasetId?: number): QuestionSet[] =>
      (datasetId === undefined ? all.all() : ofDataset.all(datasetId)).map(toSet),
    /** The set's questions with the dataset's own ids, in order. */
    questions: (id: number) =>
      questionRows.all(id).map((q) => ({ questionId: q.question_id, externalId: q.external_id })),
    remove: (id: number): boolean => del.run(id).changes > 0,
  };
});
