import { z } from 'zod';
import {
  blockEvidence,
  gridRefEvidence,
  type DatasetDocument,
  type DatasetImport,
  type Question,
} from '../../../shared/datasets';
import { documentSchemaVersion, type Block, type Table } from '../../../shared/document';
import { tableScaleSentence } from './context-note';
import {
  jsonRecords,
  recordBytes,
  validateRecords,
  type DatasetFile,
  uniqueIds,
} from './dataset-file';
import { buildGridTable } from './table/build-grid-table';
import { readHtmlTable } from './table/html-table';

const HierttRecord = z.object({
  uid: z.string().min(1),
  paragraphs: z.array(z.string()),
  tables: z.array(z.string(), { error: 'must be an array of HTML table strings' }),
  table_description: z.record(z.string(), z.string()).optional(),
  qa: z.object({
    question: z.string(),
    answer: z.union([z.number(), z.string()]),
    program: z.string(),
    table_evidence: z.array(z.string()),
    text_evidence: z.array(z.number().int().nonnegative()),
    question_type: z.string(),
  }),
});
type HierttRecord = z.infer<typeof HierttRecord>;

/** MultiHiertt marks where each table sits in the text with a paragraph "## Table 2 ##". */
const tableMarker = /^\s*##\s*Table\s+(\d+)\s*##\s*$/i;

function toDocument(
  rec: HierttRecord,
  i: number,
  file: DatasetFile,
  bytes: number,
): DatasetDocument {
  const blocks: Block[] = [];
  const tables: Table[] = [];
  const placed = new Set<number>();
  const addTable = (t: number, before: string[]) => {
    const html = rec.tables[t];
    if (html === undefined || placed.has(t)) return;
    placed.add(t);
    const table = buildGridTable({
      raw: readHtmlTable(html, t),
      location: { kind: 'dataset', pointer: `/${i}/tables/${t}` },
      contextNote: tableScaleSentence(before.slice(-2).reverse()),
    });
    tables.push(table);
    blocks.push({ type: 'table', id: table.id, location: table.location });
  };
  rec.paragraphs.forEach((text, k) => {
    const marker = tableMarker.exec(text);
    if (marker) return addTable(Number(marker[1]), rec.paragraphs.slice(0, k));
    blocks.push({
      type: 'paragraph',
      id: `p${k}`,
      text,
      location: { kind: 'dataset', pointer: `/${i}/paragraphs/${k}` },
    });
  });
  // Tables the text never places go after it, in their own order.
  rec.tables.forEach((_, t) => addTable(t, rec.paragraphs));
  tables.sort((a, b) => a.sourceIndex - b.sourceIndex);
  return {
    schemaVersion: documentSchemaVersion,
    externalId: rec.uid,
    source: { name: file.name, kind: 'dataset', bytes, format: 'multihiertt' },
    title: `MultiHiertt ${rec.uid}`,
    blocks,
    tables,
    warnings: [],
  };
}

/**
 * MultiHiertt: one document and one question per record. Paragraph k is block "p" + k (the
 * index `text_evidence` uses; a marker paragraph resolves to its table), table t is "t" + t,
 * and "t-r-c" evidence names the cell at grid row r, column c after colspan expansion, which
 * is our cell's sourceRow/sourceCol.
 */
export function readMultihierttFile(file: DatasetFile): DatasetImport {
  const raw = jsonRecords(file);
  const records = validateRecords(file, raw, HierttRecord);
  const documents: DatasetDocument[] = [];
  const questions: Question[] = [];
  const claim = uniqueIds(file);
  records.forEach((rec, i) => {
    claim(rec.uid, `record ${i}`, 'uid');
    const doc = toDocument(rec, i, file, recordBytes(raw[i]));
    documents.push(doc);
    const blockAt = (k: number) => {
      const marker = tableMarker.exec(rec.paragraphs[k] ?? '');
      return marker ? `t${marker[1]}` : `p${k}`;
    };
    questions.push({
      id: rec.uid,
      documentExternalId: doc.externalId,
      question: rec.qa.question,
      gold: {
        answer: rec.qa.answer,
        ...(rec.qa.program !== '' ? { program: rec.qa.program } : {}),
      },
      scale: null,
      type: rec.qa.question_type,
      evidence: [
        ...rec.qa.table_evidence.map((ref) => gridRefEvidence(doc, ref)),
        ...rec.qa.text_evidence.map((k) => blockEvidence(doc, blockAt(k), `text ${k}`)),
      ],
    });
  });
  return { format: 'multihiertt', documents, questions };
}
