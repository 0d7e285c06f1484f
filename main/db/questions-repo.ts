import type { Database } from 'better-sqlite3';
import { perConnection } from './per-connection';
import {
  parseStoredDatasetDocument,
  Question,
  type DatasetDocument,
  type DatasetFormat,
} from '../../shared/datasets';

interface DatasetRow {
  id: number;
  name: string;
  format: DatasetFormat;
  source_document_id: number | null;
  imported_at: string;
}

export interface DatasetSummary {
  id: number;
  name: string;
  format: DatasetFormat;
  sourceDocumentId: number | null;
  importedAt: string;
  documentCount: number;
  questionCount: number;
}

export interface StoreDatasetInput {
  name: string;
  format: DatasetFormat;
  /** The stored original in the library, if it was stored. */
  sourceDocumentId: number | null;
  importedAt: string;
  documents: DatasetDocument[];
  questions: Question[];
  /** Library ids of the PDFs documents reference, by external id (FinanceBench, TableQuest). */
  pdfDocumentIds?: ReadonlyMap<string, number>;
}

interface QuestionRow {
  external_id: string;
  document_external_id: string;
  question: string;
  gold: string;
  scale: string | null;
  type: string;
  evidence: string;
}

const toQuestion = (r: QuestionRow): Question =>
  Question.parse({
    id: r.external_id,
    documentExternalId: r.document_external_id,
    question: r.question,
    gold: JSON.parse(r.gold) as unknown,
    scale: r.scale,
    type: r.type,
    evidence: JSON.parse(r.evidence) as unknown,
  });

/** All SQL touching datasets, dataset_documents and questions. */
export const questionsRepo = perConnection((db: Database) => {
  const summaryOf = db.prepare<[number], DatasetSummary>(`
    SELECT d.id, d.name, d.format, d.source_document_id AS sourceDocumentId,
           d.imported_at AS importedAt,
           (SELECT count(*) FROM dataset_documents WHERE dataset_id = d.id) AS documentCount,
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
  const insDocument = db.prepare<[number, string, number | null, string]>(
    'INSERT INTO dataset_documents (dataset_id, external_id, source_document_id, document) VALUES (?, ?, ?, ?)',
  );
  const insQuestion = db.prepare<
    [number, string, string, string, string, string | null, string, string]
  >(
    `INSERT INTO questions (dataset_id, external_id, document_external_id, question, gold, scale, type, evidence)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const questionsOf = db.prepare<[number], QuestionRow>(
    'SELECT * FROM questions WHERE dataset_id = ? ORDER BY id',
  );
  const documentOf = db.prepare<[number, string], { document: string }>(
    'SELECT document FROM dataset_documents WHERE dataset_id = ? AND external_id = ?',
  );
  const documentsOf = db.prepare<[number], { document: string }>(
    'SELECT document FROM dataset_documents WHERE dataset_id = ? ORDER BY id',
  );

  /**
   * Stores one imported dataset file in a single transaction: all its documents and questions
   * or nothing. A dataset of the same format and name is replaced, so re-importing a file
   * never duplicates it.
   */
  const store = db.transaction((input: StoreDatasetInput) => {
    const existing = byName.get(input.format, input.name);
    if (existing) delDataset.run(existing.id);
    const id = insDataset.get(
      input.name,
      input.format,
      input.sourceDocumentId,
      input.importedAt,
    )!.id;
    for (const doc of input.documents) {
      const pdf = input.pdfDocumentIds?.get(doc.externalId) ?? null;
      insDocument.run(id, doc.externalId, pdf, JSON.stringify(doc));
    }
    for (const q of input.questions) {
      insQuestion.run(
        id,
        q.id,
        q.documentExternalId,
        q.question,
        JSON.stringify(q.gold),
        q.scale,
        q.type,
        JSON.stringify(q.evidence),
      );
    }
    return { id, replaced: existing !== undefined };
  });

  return {
    store: (input: StoreDatasetInput) => store(input),
    summary: (id: number) => summaryOf.get(id),
    list: () => allIds.all().map((r) => summaryOf.get(r.id)!),
    findByName: (format: DatasetFormat, name: string) => {
      const r = byName.get(format, name);
      return r ? summaryOf.get(r.id) : undefined;
    },
    questions: (datasetId: number) => questionsOf.all(datasetId).map(toQuestion),
    document: (datasetId: number, externalId: string) => {
      const r = documentOf.get(datasetId, externalId);
      return r ? parseStoredDatasetDocument(JSON.parse(r.document)) : undefined;
    },
    documents: (datasetId: number) =>
      documentsOf.all(datasetId).map((r) => parseStoredDatasetDocument(JSON.parse(r.document))),
    remove: (id: number) => delDataset.run(id).changes > 0,
  };
});
export type QuestionsRepo = ReturnType<typeof questionsRepo>;
