import { posix } from 'node:path';
import { z } from 'zod';
import type { DatasetDocument, DatasetImport, Question } from '../../../shared/datasets';
import { documentSchemaVersion } from '../../../shared/document';
import { jsonRecords, validateRecords, type DatasetFile } from './dataset-file';
import { pdfReference } from './pdf-reference';

const TableQuestRecord = z.object({
  image: z.string().min(1),
  difficulty: z.string().min(1),
  question: z.string(),
  answer: z.string(),
  cot: z.string().nullable().optional(),
  table_loc: z.string(),
  report_type: z.string().optional(),
  page_number: z.number().int().positive(),
});

/**
 * TableQuest: {easy,medium,hard}.json beside pages/<difficulty>/<image stem>.pdf, one page cut
 * from a FinanceBench filing each. A page is one document (several questions may share it),
 * referenced, not parsed. Questions have no id of their own, so theirs is
 * "<difficulty>-<index in file>". The evidence is page 1 of that one-page PDF, which is page
 * `page_number` of the filing; `table_loc` says where on it the table is.
 */
export function readTablequestFile(file: DatasetFile): DatasetImport {
  const records = validateRecords(file, jsonRecords(file), TableQuestRecord);
  const documents = new Map<string, DatasetDocument>();
  const questions: Question[] = records.map((rec, i) => {
    const stem = posix.basename(rec.image).replace(/\.[^.]+$/, '');
    if (!documents.has(stem)) {
      const pdf = pdfReference(file, `record ${i}`, 'pages', rec.difficulty, `${stem}.pdf`);
      documents.set(stem, {
        schemaVersion: documentSchemaVersion,
        externalId: stem,
        source: {
          name: `${stem}.pdf`,
          kind: 'pdf',
          bytes: pdf.bytes,
          format: 'tablequest',
          file: pdf.relative,
        },
        title: `${stem} (page ${rec.page_number}${rec.report_type ? ` of a ${rec.report_type}` : ''})`,
        blocks: [],
        tables: [],
        warnings: [],
      });
    }
    return {
      id: `${rec.difficulty}-${i}`,
      documentExternalId: stem,
      question: rec.question,
      gold: { answer: rec.answer, ...(rec.cot ? { explanation: rec.cot } : {}) },
      scale: null,
      type: rec.difficulty,
      evidence: [
        {
          ref: `page_number ${rec.page_number}`,
          target: { type: 'page', page: 1 },
          text: rec.table_loc,
          note: `one-page PDF cut from page ${rec.page_number} of the filing (page_number is 1-based)`,
        },
      ],
    };
  });
  return { format: 'tablequest', documents: [...documents.values()], questions };
}
