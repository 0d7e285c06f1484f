import type { Database } from 'better-sqlite3';
import { perConnection } from './per-connection';
import {
  parseStoredDatasetDocument,
  type Question,
  type DatasetDocument,
  type DatasetFormat,
} from '../../shared/datasets';
import type {
  DatasetSummary,
  ImportChanges,
  StoredQuestion,
} from '../../shared/datasets/stored-question';
import { parseStoredQuestion } from '../../shared/datasets/question-check';
import { writeTransaction } from './write-transaction';

interface DatasetRow {
  id: number;
  name: string;
  format: DatasetFormat;
  source_document_id: number | null;
  imported_at: string;
}

export interface StoreDatasetInput {
  name: string;
  format: DatasetFormat;
  /** The stored original in the library, if it was stored. */
  sourceDocumentId: number | null;
  importedAt: string;
  /** Documents read from the file; PDF-backed ones (source.kind "pdf") are library PDFs. */
  documents: DatasetDocument[];
  questions: Question[];
  /** Library ids of the PDFs documents reference, by external id (FinanceBench, TableQuest). */
  pdfDocumentIds?: ReadonlyMap<string, number>;
}

export interface StoreDatasetResult {
  id: number;
  /** An earlier import of the same format and name was updated in place. */
  replaced: boolean;
  questions: ImportChanges;
  documents: ImportChanges;
}

interface QuestionRow {
  id: number;
  dataset_id: number;
  external_id: string;
  document_id: number | null;
  document_external_id: string;
  question: string;
  gold: string;
  scale: string | null;
  type: string;
  evidence: string;
  /** The newest accepted correction (gold_versions, source 'dispute'), if any. */
  corrected_gold: string | null;
}

/**
 * The one place gold is read for grading, runs, sessions and `questions.get`: an accepted
 * correction wins over what the dataset file says (migration 13, docs/disputes.md).
 */
const CURRENT_GOLD = `(SELECT v.gold FROM gold_versions v WHERE v.question_id = q.id AND v.source = 'dispute'
   ORDER BY v.version DESC LIMIT 1) AS corrected_gold`;

/** The question as the dataset file gave it (its own gold, not a correction). */
const toQuestion = (r: QuestionRow): Question =>
  parseStoredQuestion({
    id: r.external_id,
    documentExternalId: r.document_external_id,
    question: r.question,
    gold: JSON.parse(r.gold) as unknown,
    scale: r.scale,
    type: r.type,
    evidence: JSON.parse(r.evidence) as unknown,
  });

/** The question as the workspace grades it: the current gold. */
const toStored = (r: QuestionRow): StoredQuestion => {
  const { id: externalId, ...rest } = toQuestion(
    r.corrected_gold === null ? r : { ...r, gold: r.corrected_gold },
  );
  return { ...rest, id: r.id, externalId, datasetId: r.dataset_id, documentId: r.document_id };
};

/** What a re-import compares: everything the file says about a question. */
const questionContent = (q: Question) =>
  JSON.stringify([q.documentExternalId, q.question, q.gold, q.scale, q.type, q.evidence]);
const rowContent = (r: QuestionRow) =>
  JSON.stringify([
    r.document_external_id,
    r.question,
    JSON.parse(r.gold) as unknown,
    r.scale,
    r.type,
    JSON.parse(r.evidence) as unknown,
  ]);

/** Ids listed in a change report; counts are always complete. */
const MAX_LISTED = 20;
const changes = () => ({
  added: 0,
  changed: 0,
  removed: 0,
  unchanged: 0,
  examples: { added: [] as string[], changed: [] as string[], removed: [] as string[] },
});
function count(c: ImportChanges, what: 'added' | 'changed' | 'removed', id: string) {
  c[what]++;
  if (c.examples[what].length < MAX_LISTED) c.examples[what].push(id);
}

/** A dataset's record documents (a TAT-QA table with its paragraphs, a MultiHiertt report). */
function recordStore(db: Database) {
  const recordsOf = db.prepare<
    [number],
    { id: number; external_id: string; model: string }
  >(`SELECT d.id, d.external_id, r.model FROM documents d JOIN dataset_records r ON r.document_id = d.id
     WHERE d.dataset_id = ? ORDER BY d.id`);
  const insRecord = db.prepare<[string, number, string, number, string], { id: number }>(
    `INSERT INTO documents (name, kind, size, sha256, imported_at, dataset_id, external_id)
     VALUES (?, 'record', ?, NULL, ?, ?, ?) RETURNING id`,
  );
  const updRecord = db.prepare<[string, number, string, number]>(
    'UPDATE documents SET name = ?, size = ?, imported_at = ? WHERE id = ?',
  );
  const delRecord = db.prepare<[number]>('DELETE FROM documents WHERE id = ?');
  const insModel = db.prepare<[number, string]>(
    'INSERT INTO dataset_records (document_id, model) VALUES (?, ?)',
  );
  const updModel = db.prepare<[string, number]>(
    'UPDATE dataset_records SET model = ? WHERE document_id = ?',
  );

  const recordModel = db.prepare<[number, string], { model: string }>(
    `SELECT r.model FROM documents d JOIN dataset_records r ON r.document_id = d.id
     WHERE d.dataset_id = ? AND d.external_id = ?`,
  );

  /** Writes the dataset's record documents; answers the document id of every external id. */
  function storeRecords(
    datasetId: number,
    input: StoreDatasetInput,
    report: ImportChanges,
  ): Map<string, number> {
    const ids = new Map<string, number>();
    const existing = new Map(recordsOf.all(datasetId).map((r) => [r.external_id, r]));
    for (const doc of input.documents) {
      if (doc.source.kind === 'pdf') {
        const pdf = input.pdfDocumentIds?.get(doc.externalId);
        if (pdf !== undefined) ids.set(doc.externalId, pdf);
        continue;
      }
      if (ids.has(doc.externalId))
        throw new Error(`UNIQUE: document ${doc.externalId} appears twice in the dataset`);
      const json = JSON.stringify(doc);
      const name = doc.title.trim() === '' ? doc.externalId : doc.title;
      const size = Buffer.byteLength(json);
      const old = existing.get(doc.externalId);
      if (!old) {
        const { id } = insRecord.get(name, size, input.importedAt, datasetId, doc.externalId)!;
        insModel.run(id, json);
        ids.set(doc.externalId, id);
        count(report, 'added', doc.externalId);
        continue;
      }
      existing.delete(doc.externalId);
      ids.set(doc.externalId, old.id);
      if (old.model === json) report.unchanged++;
      else {
        updRecord.run(name, size, input.importedAt, old.id);
        updModel.run(json, old.id);
        count(report, 'changed', doc.externalId);
      }
    }
    for (const gone of existing.values()) {
      delRecord.run(gone.id);
      count(report, 'removed', gone.external_id);
    }
    return ids;
  }

  return {
    storeRecords,
    /** A record document of the dataset by its external id (PDF-backed ones are library PDFs). */
    document: (datasetId: number, externalId: string) => {
      const r = recordModel.get(datasetId, externalId);
      return r ? parseStoredDatasetDocument(JSON.parse(r.model)) : undefined;
    },
    documents: (datasetId: number) =>
      recordsOf.all(datasetId).map((r) => parseStoredDatasetDocument(JSON.parse(r.model))),
  };
}

/** Gold versions (migration 13), written when a re-import changes a question's gold. */
function datasetGoldWriter(db: Database) {
  const lastVersion = db.prepare<[number], { version: number | null }>(
    'SELECT max(version) AS version FROM gold_versions WHERE question_id = ?',
  );
  const insVersion = db.prepare<[number, number, string, string]>(
    `INSERT INTO gold_versions (question_id, version, gold, source, dispute_id, created_at)
     VALUES (?, ?, ?, 'dataset', NULL, ?)`,
  );
  /**
   * The dataset's gold changed on re-import: keep the gold it replaces (version 0, when this is
   * the first change) and record the new one as a dataset version. An accepted correction stays
   * current (toStored reads the newest dispute version); the history then says the dataset
   * changed since the correction.
   */
  function recordDatasetGold(questionId: number, oldGold: string, newGold: string, at: string) {
    const last = lastVersion.get(questionId)?.version ?? null;
    if (last === null) insVersion.run(questionId, 0, oldGold, at);
    insVersion.run(questionId, (last ?? 0) + 1, newGold, at);
  }
  return recordDatasetGold;
}

/** A question's columns after its external id, in the order of the INSERT's and UPDATE's. */
const questionValues = (q: StoreDatasetInput['questions'][number], documentId?: number) =>
  [
    documentId ?? null,
    q.documentExternalId,
    q.question,
    JSON.stringify(q.gold),
    q.scale,
    q.type,
    JSON.stringify(q.evidence),
  ] as const;

/** A dataset's questions, with the gold versions a re-import writes. */
function questionStore(db: Database) {
  const questionRows = db.prepare<[number], QuestionRow>(
    `SELECT q.*, ${CURRENT_GOLD} FROM questions q WHERE q.dataset_id = ? ORDER BY q.id`,
  );
  const questionById = db.prepare<[number], QuestionRow>(
    `SELECT q.*, ${CURRENT_GOLD} FROM questions q WHERE q.id = ?`,
  );
  const recordDatasetGold = datasetGoldWriter(db);
  const insQuestion = db.prepare<
    [number, string, number | null, string, string, string, string | null, string, string]
  >(
    `INSERT INTO questions (dataset_id, external_id, document_id, document_external_id, question, gold, scale, type, evidence)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const updQuestion = db.prepare<
    [number | null, string, string, string, string | null, string, string, number]
  >(
    `UPDATE questions SET document_id = ?, document_external_id = ?, question = ?, gold = ?,
       scale = ?, type = ?, evidence = ? WHERE id = ?`,
  );
  const delQuestion = db.prepare<[number]>('DELETE FROM questions WHERE id = ?');

  /**
   * Writes the dataset's questions (`documentIds`: the document id of each external id), each
   * keeping its id when its external id is unchanged; answers what changed.
   */
  function storeQuestions(
    datasetId: number,
    input: StoreDatasetInput,
    documentIds: Map<string, number>,
  ): ImportChanges {
    const questions = changes();
    const old = new Map(questionRows.all(datasetId).map((r) => [r.external_id, r]));
    const seen = new Set<string>();
    const known = new Set(input.documents.map((d) => d.externalId));
    for (const q of input.questions) {
      if (seen.has(q.id)) throw new Error(`UNIQUE: question ${q.id} appears twice in the dataset`);
      seen.add(q.id);
      const documentId = documentIds.get(q.documentExternalId);
      if (documentId === undefined && !known.has(q.documentExternalId))
        throw new Error(
          `FOREIGN KEY: question ${q.id} refers to document ${q.documentExternalId}, which the dataset does not have`,
        );
      const values = questionValues(q, documentId);
      const row = old.get(q.id);
      if (!row) {
        insQuestion.run(datasetId, q.id, ...values);
        count(questions, 'added', q.id);
        continue;
      }
      old.delete(q.id);
      const same = rowContent(row) === questionContent(q);
      if (same && row.document_id === values[0]) {
        questions.unchanged++;
        continue;
      }
      const newGold = values[3];
      if (JSON.stringify(JSON.parse(row.gold)) !== newGold)
        recordDatasetGold(row.id, row.gold, newGold, input.importedAt);
      updQuestion.run(...values, row.id);
      if (same) questions.unchanged++;
      else count(questions, 'changed', q.id);
    }
    for (const gone of old.values()) {
      delQuestion.run(gone.id);
      count(questions, 'removed', gone.external_id);
    }
    return questions;
  }

  return {
    storeQuestions,
    /** The questions as the dataset file gave them (`id` is the dataset's own id). */
    questions: (datasetId: number) => questionRows.all(datasetId).map(toQuestion),
    /** The questions as stored: our stable id, the document they stand on. */
    storedQuestions: (datasetId: number) => questionRows.all(datasetId).map(toStored),
    question: (id: number) => {
      const r = questionById.get(id);
      return r ? toStored(r) : undefined;
    },
  };
}

/**
 * All SQL touching datasets, their record documents (recordStore) and questions
 * (questionStore).
 */
export const questionsRepo = perConnection((db: Database) => {
  const summaryOf = db.prepare<[number], DatasetSummary>(`
    SELECT d.id, d.name, d.format, d.source_document_id AS sourceDocumentId,
           d.imported_at AS importedAt,
           (SELECT count(DISTINCT document_external_id) FROM questions WHERE dataset_id = d.id)
             AS documentCount,
           (SELECT count(*) FROM questions WHERE dataset_id = d.id) AS questionCount
    FROM datasets d WHERE d.id = ?`);
  const allIds = db.prepare<[], { id: number }>(
    'SELECT id FROM datasets ORDER BY imported_at DESC, id DESC',
  );
  const byName = db.prepare<[DatasetFormat, string], DatasetRow>(
    'SELECT * FROM datasets WHERE format = ? AND name = ?',
  );
  const delDataset = db.prepare<[number]>('DELETE FROM datasets WHERE id = ?');
  const insDataset = db.prepare<[string, DatasetFormat, number | null, string], { id: number }>(
    'INSERT INTO datasets (name, format, source_document_id, imported_at) VALUES (?, ?, ?, ?) RETURNING id',
  );
  const updDataset = db.prepare<[number | null, string, number]>(
    'UPDATE datasets SET source_document_id = ?, imported_at = ? WHERE id = ?',
  );

  const { storeRecords, ...records } = recordStore(db);
  const { storeQuestions, ...questionReads } = questionStore(db);

  /**
   * Stores one imported dataset file in a single transaction: all its documents and questions
   * or nothing. Re-importing a file of the same format and name updates it in place: questions
   * and documents keep their ids when their external id is unchanged (runs and sessions refer
   * to those ids), and the result reports what was added, changed and removed.
   */
  const store = writeTransaction(db, (input: StoreDatasetInput): StoreDatasetResult => {
    const existing = byName.get(input.format, input.name);
    let id: number;
    if (existing) {
      id = existing.id;
      updDataset.run(input.sourceDocumentId, input.importedAt, id);
    } else {
      id = insDataset.get(input.name, input.format, input.sourceDocumentId, input.importedAt)!.id;
    }
    const documents = changes();
    const documentIds = storeRecords(id, input, documents);

    const questions = storeQuestions(id, input, documentIds);
    return { id, replaced: existing !== undefined, questions, documents };
  });

  return {
    store: (input: StoreDatasetInput) => store(input),
    summary: (id: number) => summaryOf.get(id),
    list: () => allIds.all().map((r) => summaryOf.get(r.id)!),
    findByName: (format: DatasetFormat, name: string) => {
      const r = byName.get(format, name);
      return r ? summaryOf.get(r.id) : undefined;
    },
    ...questionReads,
    ...records,
    remove: (id: number) => delDataset.run(id).changes > 0,
  };
});
export type QuestionsRepo = ReturnType<typeof questionsRepo>;
