import { z } from 'zod';
import {
  zeroBasedPageEvidence,
  type DatasetDocument,
  type DatasetImport,
  type Evidence,
  type Question,
} from '../../../shared/datasets';
import { documentSchemaVersion } from '../../../shared/document';
import { jsonLines, validateRecords, type DatasetFile, uniqueIds } from './dataset-file';
import { pdfReference, type PdfReference } from './pdf-reference';

const FinanceBenchQuestion = z.object({
  financebench_id: z.string().min(1),
  company: z.string(),
  doc_name: z.string().min(1),
  question_type: z.string().nullable().optional(),
  question_reasoning: z.string().nullable().optional(),
  question: z.string(),
  answer: z.string(),
  justification: z.string().nullable().optional(),
  evidence: z.array(
    z.object({
      evidence_text: z.string(),
      doc_name: z.string(),
      evidence_page_num: z.number().int().nonnegative(),
    }),
  ),
});

/**
 * FinanceBench: questions.jsonl beside pdfs/<doc_name>.pdf. Each PDF is one document that we
 * only reference (the PDF ingester parses it), so its blocks stay empty here. Evidence pages
 * are 0-based in the file and stored 1-based, as our PDF locations are.
 */
export function readFinancebenchFile(file: DatasetFile): DatasetImport {
  const { records: raw, lineOf } = jsonLines(file);
  const line = (i: number) => `line ${lineOf[i] ?? i + 1}`;
  const records = validateRecords(file, raw, FinanceBenchQuestion, line);
  const documents: DatasetDocument[] = [];
  const pdfs = new Map<string, PdfReference>();
  const questions: Question[] = [];
  const claim = uniqueIds(file);
  records.forEach((rec, i) => {
    claim(rec.financebench_id, line(i), 'financebench_id');
    if (!pdfs.has(rec.doc_name)) {
      const pdf = pdfReference(file, line(i), 'pdfs', `${rec.doc_name}.pdf`);
      pdfs.set(rec.doc_name, pdf);
      documents.push({
        schemaVersion: documentSchemaVersion,
        externalId: rec.doc_name,
        source: {
          name: `${rec.doc_name}.pdf`,
          kind: 'pdf',
          bytes: pdf.bytes,
          format: 'financebench',
          file: pdf.relative,
        },
        title: `${rec.company} ${rec.doc_name}`,
        blocks: [],
        tables: [],
        warnings: [],
      });
    }
    const evidence: Evidence[] = rec.evidence.map((e, k) =>
      e.doc_name === rec.doc_name
        ? zeroBasedPageEvidence(e.evidence_page_num, `evidence[${k}]`, e.evidence_text)
        : {
            ref: `evidence[${k}]`,
            target: null,
            reason: `evidence is in another document, ${e.doc_name}`,
          },
    );
    questions.push({
      id: rec.financebench_id,
      documentExternalId: rec.doc_name,
      question: rec.question,
      gold: {
        answer: rec.answer,
        ...(rec.justification ? { explanation: rec.justification } : {}),
      },
      scale: null,
      type: rec.question_type ?? 'unknown',
      evidence,
    });
  });
  return { format: 'financebench', documents, questions };
}
