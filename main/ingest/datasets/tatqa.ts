import { z } from 'zod';
import {
  AnswerScale,
  blockEvidence,
  tableEvidence,
  type DatasetDocument,
  type DatasetFormat,
  type DatasetImport,
  type Evidence,
  type Question,
} from '../../../shared/datasets';
import { documentSchemaVersion } from '../../../shared/document';
import { tableScaleSentence } from './context-note';
import {
  invalid,
  jsonRecords,
  recordBytes,
  validateRecords,
  type DatasetFile,
  uniqueIds,
} from './dataset-file';
import { buildGridTable } from './table/build-grid-table';
import { rawTableFromRows } from './table/raw-grid';
import { compact } from '../../../shared/util/compact';

const Paragraph = z.object({ uid: z.string(), order: z.number().int(), text: z.string() });

const TatQuestion = z.object({
  uid: z.string().min(1),
  order: z.number().int(),
  question: z.string(),
  answer: z.union([z.number(), z.string(), z.array(z.string())]),
  derivation: z.string(),
  answer_type: z.string(),
  answer_from: z.string(),
  rel_paragraphs: z.array(z.union([z.string(), z.number()])),
  scale: AnswerScale,
  /** TAT-HQA counterfactual questions: the `order` of the question they rewrite. */
  rel_question: z.union([z.string(), z.number()]).optional(),
});

const TatRecord = z.object({
  table: z.object({
    uid: z.string().min(1),
    table: z.array(z.array(z.string(), { error: 'must be a row: an array of cell strings' }), {
      error: 'must be an array of rows',
    }),
  }),
  paragraphs: z.array(Paragraph),
  questions: z.array(TatQuestion),
});
type TatRecord = z.infer<typeof TatRecord>;

const labels: Record<'tatqa' | 'tathqa', string> = { tatqa: 'TAT-QA', tathqa: 'TAT-HQA' };

function toDocument(
  rec: TatRecord,
  i: number,
  file: DatasetFile,
  format: DatasetFormat,
  label: string,
  bytes: number,
): DatasetDocument {
  const paragraphs = rec.paragraphs.map((p, k) => ({ p, k })).sort((a, b) => a.p.order - b.p.order);
  const table = buildGridTable({
    raw: rawTableFromRows(rec.table.table, 0),
    location: { kind: 'dataset', pointer: `/${i}/table/table` },
    minHeaderRows: 1,
    contextNote: tableScaleSentence(paragraphs.map(({ p }) => p.text)),
  });
  return {
    schemaVersion: documentSchemaVersion,
    externalId: rec.table.uid,
    source: { name: file.name, kind: 'dataset', bytes, format },
    title: `${label} context ${i}`,
    blocks: [
      { type: 'table', id: table.id, location: table.location },
      ...paragraphs.map(({ p, k }) => ({
        type: 'paragraph' as const,
        id: `p${p.order}`,
        text: p.text,
        location: { kind: 'dataset' as const, pointer: `/${i}/paragraphs/${k}` },
      })),
    ],
    tables: [table],
    warnings: [],
  };
}

/**
 * TAT-QA and TAT-HQA: one context (a table as a string grid and its paragraphs) per record,
 * several questions each. Paragraph blocks are "p" + order, so `rel_paragraphs` map directly;
 * an answer taken from the table also cites the table (TAT-QA names no cells).
 */
export function readTatqa(file: DatasetFile, format: 'tatqa' | 'tathqa'): DatasetImport {
  const raw = jsonRecords(file);
  const records = validateRecords(file, raw, TatRecord);
  const documents: DatasetDocument[] = [];
  const questions: Question[] = [];
  const claim = uniqueIds(file);
  records.forEach((rec, i) => {
    const doc = toDocument(rec, i, file, format, labels[format], recordBytes(raw[i]));
    documents.push(doc);
    const byOrder = new Map(rec.questions.map((q) => [String(q.order), q.uid]));
    rec.questions.forEach((q, j) => {
      claim(q.uid, `record ${i}`, `questions[${j}].uid`);
      let counterfactualOf: string | undefined;
      if (q.rel_question !== undefined) {
        counterfactualOf = byOrder.get(String(q.rel_question));
        if (counterfactualOf === undefined)
          throw invalid(
            `${file.name}: record ${i}: questions[${j}].rel_question ${JSON.stringify(q.rel_question)} names no question of this context`,
          );
      }
      const evidence: Evidence[] = q.rel_paragraphs.map((order) =>
        blockEvidence(doc, `p${order}`, String(order)),
      );
      if (q.answer_from.includes('table'))
        evidence.push(tableEvidence(doc, 't0', `answer_from ${q.answer_from}`));
      questions.push({
        id: q.uid,
        documentExternalId: doc.externalId,
        question: q.question,
        gold: {
          answer: q.answer,
          ...(q.derivation !== '' ? { derivation: q.derivation } : {}),
          answerFrom: q.answer_from,
          ...compact({ counterfactualOf }),
        },
        scale: q.scale,
        type: q.answer_type,
        evidence,
      });
    });
  });
  return { format, documents, questions };
}

export const readTatqaFile = (file: DatasetFile) => readTatqa(file, 'tatqa');
