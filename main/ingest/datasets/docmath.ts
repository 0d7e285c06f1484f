import { z } from 'zod';
import {
  blockEvidence,
  type DatasetDocument,
  type DatasetImport,
  type Evidence,
  type Question,
} from '../../../shared/datasets';
import { documentSchemaVersion, type Block, type Table } from '../../../shared/document';
import {
  jsonRecords,
  recordBytes,
  validateRecords,
  type DatasetFile,
  uniqueIds,
} from './dataset-file';
import { buildGridTable } from './table/build-grid-table';
import { splitMarkdown } from './table/markdown-table';
import { rawTableFromRows } from './table/raw-grid';
import { compact } from '../../../shared/util/compact';

/**
 * DocMath-Eval records (FinanceMath uses the same lab's schema): `tables` (markdown) in
 * FinanceMath, `paragraphs` (text with markdown tables inline) in DocMath, evidence as indices
 * into `paragraphs`. Test splits hide `python_solution` and `ground_truth`.
 */
const DocmathRecord = z.object({
  question_id: z.string().min(1),
  question: z.string(),
  tables: z.array(z.string(), { error: 'must be an array of markdown tables' }).optional(),
  paragraphs: z.array(z.string()).optional(),
  table_evidence: z.array(z.number().int().nonnegative()).optional(),
  paragraph_evidence: z.array(z.number().int().nonnegative()).optional(),
  python_solution: z.string().optional(),
  ground_truth: z.number().nullable().optional(),
  topic: z.string().optional(),
  source: z.string().optional(),
});
type DocmathRecord = z.infer<typeof DocmathRecord>;

interface Built {
  doc: DatasetDocument;
  /** The first block made from paragraphs[k], for evidence indices. */
  blockOfParagraph: Map<number, string>;
}

function toDocument(rec: DocmathRecord, i: number, file: DatasetFile, bytes: number): Built {
  const blocks: Block[] = [];
  const tables: Table[] = [];
  const blockOfParagraph = new Map<number, string>();
  let paragraphs = 0;
  const add = (markdown: string, pointer: string): string | undefined => {
    let first: string | undefined;
    for (const part of splitMarkdown(markdown)) {
      if (part.kind === 'text') {
        const id = `p${paragraphs++}`;
        blocks.push({
          type: 'paragraph',
          id,
          text: part.text,
          location: { kind: 'dataset', pointer },
        });
        first ??= id;
      } else {
        const table = buildGridTable({
          raw: rawTableFromRows(part.rows, tables.length),
          location: { kind: 'dataset', pointer },
        });
        tables.push(table);
        blocks.push({ type: 'table', id: table.id, location: table.location });
        first ??= table.id;
      }
    }
    return first;
  };
  (rec.paragraphs ?? []).forEach((text, k) => {
    const id = add(text, `/${i}/paragraphs/${k}`);
    if (id !== undefined) blockOfParagraph.set(k, id);
  });
  (rec.tables ?? []).forEach((md, k) => add(md, `/${i}/tables/${k}`));
  return {
    doc: {
      schemaVersion: documentSchemaVersion,
      externalId: rec.question_id,
      source: { name: file.name, kind: 'dataset', bytes, format: 'docmath' },
      title: `DocMath ${rec.question_id}`,
      blocks,
      tables,
      warnings: [],
    },
    blockOfParagraph,
  };
}

/** One document (the record's tables and paragraphs) and one question per record. */
export function readDocmathFile(file: DatasetFile): DatasetImport {
  const raw = jsonRecords(file);
  const records = validateRecords(file, raw, DocmathRecord);
  const documents: DatasetDocument[] = [];
  const questions: Question[] = [];
  const claim = uniqueIds(file);
  records.forEach((rec, i) => {
    claim(rec.question_id, `record ${i}`, 'question_id');
    const { doc, blockOfParagraph } = toDocument(rec, i, file, recordBytes(raw[i]));
    documents.push(doc);
    const cite = (k: number, kind: string): Evidence => {
      const id = blockOfParagraph.get(k);
      return id === undefined
        ? {
            ref: `${kind} ${k}`,
            target: null,
            reason: `paragraphs[${k}] does not exist or is empty`,
          }
        : blockEvidence(doc, id, `${kind} ${k}`);
    };
    questions.push({
      id: rec.question_id,
      documentExternalId: doc.externalId,
      question: rec.question,
      gold: {
        answer: rec.ground_truth ?? null,
        ...compact({ program: rec.python_solution }),
      },
      scale: null,
      type: rec.topic ?? rec.source ?? 'arithmetic',
      evidence: [
        ...(rec.table_evidence ?? []).map((k) => cite(k, 'table_evidence')),
        ...(rec.paragraph_evidence ?? []).map((k) => cite(k, 'paragraph_evidence')),
      ],
    });
  });
  return { format: 'docmath', documents, questions };
}
