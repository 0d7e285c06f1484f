import { z } from 'zod';
import {
  finqaEvidence,
  type DatasetDocument,
  type DatasetImport,
  type Question,
} from '../../../shared/datasets';
import { documentSchemaVersion } from '../../../shared/document';
import { tableScaleSentence } from './context-note';
import {
  jsonRecords,
  recordBytes,
  validateRecords,
  type DatasetFile,
  uniqueIds,
} from './dataset-file';
import { buildGridTable } from './table/build-grid-table';
import { rawTableFromRows } from './table/raw-grid';

const FinqaRecord = z.object({
  id: z.string().min(1),
  filename: z.string().min(1),
  pre_text: z.array(z.string()),
  post_text: z.array(z.string()),
  table: z.array(z.array(z.string(), { error: 'must be a row: an array of cell strings' }), {
    error: 'must be an array of rows',
  }),
  qa: z.object({
    question: z.string(),
    answer: z.union([z.string(), z.number()]),
    program: z.string(),
    exe_ans: z.union([z.number(), z.string()]),
    gold_inds: z.record(z.string(), z.string()),
  }),
});
type FinqaRecord = z.infer<typeof FinqaRecord>;

/**
 * FinQA's tokenised tables write a negative twice: "-4 ( 4 )", "$ -786 ( 786 )", and a percent
 * as "100% ( 100 % )". The parenthesised repeat is an artefact of its preprocessing; the text
 * before it is the value.
 */
export function cleanFinqaCell(text: string): string {
  const m = /^(.*?-?\s*([\d,]+(?:\.\d+)?)\s*%?)\s*\(\s*([\d,]+(?:\.\d+)?)\s*%?\s*\)$/.exec(
    text.trim(),
  );
  return m && m[2] === m[3] ? (m[1] ?? text).trim() : text;
}

const sameContext = (a: FinqaRecord, b: FinqaRecord) =>
  JSON.stringify([a.pre_text, a.post_text, a.table]) ===
  JSON.stringify([b.pre_text, b.post_text, b.table]);

function toDocument(
  rec: FinqaRecord,
  i: number,
  externalId: string,
  file: DatasetFile,
  bytes: number,
): DatasetDocument {
  const pre = rec.pre_text.length;
  const table = buildGridTable({
    raw: rawTableFromRows(
      rec.table.map((row) => row.map(cleanFinqaCell)),
      0,
    ),
    location: { kind: 'dataset', pointer: `/${i}/table` },
    minHeaderRows: 1,
    contextNote: tableScaleSentence([...rec.pre_text.slice(-3)].reverse()),
  });
  const paragraph = (text: string, k: number, pointer: string) => ({
    type: 'paragraph' as const,
    id: `p${k}`,
    text,
    location: { kind: 'dataset' as const, pointer },
  });
  return {
    schemaVersion: documentSchemaVersion,
    externalId,
    source: { name: file.name, kind: 'dataset', bytes, format: 'finqa' },
    title: rec.filename,
    blocks: [
      ...rec.pre_text.map((t, k) => paragraph(t, k, `/${i}/pre_text/${k}`)),
      { type: 'table', id: table.id, location: table.location },
      ...rec.post_text.map((t, k) => paragraph(t, pre + k, `/${i}/post_text/${k}`)),
    ],
    tables: [table],
    warnings: [],
  };
}

/**
 * FinQA: one question per record; records from the same report page share their context, so
 * documents are per `filename` (the page) and questions point at it. Text lines are blocks
 * "p0".. over pre_text then post_text, which is how `gold_inds` "text_k" counts; "table_k" is
 * row k of the table (row 0 the header). Gold is `exe_ans`; the program is kept.
 */
export function readFinqaFile(file: DatasetFile): DatasetImport {
  const raw = jsonRecords(file);
  const records = validateRecords(file, raw, FinqaRecord);
  const documents: DatasetDocument[] = [];
  const byName = new Map<string, { rec: FinqaRecord; doc: DatasetDocument }>();
  const questions: Question[] = [];
  const claim = uniqueIds(file);
  records.forEach((rec, i) => {
    claim(rec.id, `record ${i}`, 'id');
    let entry = byName.get(rec.filename);
    if (entry === undefined || !sameContext(entry.rec, rec)) {
      // A page whose records disagree on its text gets one document per record instead.
      const externalId = entry === undefined ? rec.filename : rec.id;
      entry = { rec, doc: toDocument(rec, i, externalId, file, recordBytes(raw[i])) };
      if (!byName.has(rec.filename)) byName.set(rec.filename, entry);
      documents.push(entry.doc);
    }
    const doc = entry.doc;
    questions.push({
      id: rec.id,
      documentExternalId: doc.externalId,
      question: rec.qa.question,
      gold: {
        answer: rec.qa.exe_ans,
        shown: String(rec.qa.answer),
        program: rec.qa.program,
      },
      scale: null,
      type: typeof rec.qa.exe_ans === 'string' ? 'comparison' : 'arithmetic',
      evidence: Object.keys(rec.qa.gold_inds).map((ref) => finqaEvidence(doc, ref)),
    });
  });
  return { format: 'finqa', documents, questions };
}
