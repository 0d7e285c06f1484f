import type { DatasetSummary } from '../../../shared/datasets/stored-question';

/** Formats whose documents are PDFs in the library (FinanceBench, TableQuest), not records. */
const pdfBacked = new Set(['financebench', 'tablequest']);

/**
 * Why a question has no document to show, naming the file. Only a PDF-backed dataset's PDF can
 * be missing (removed from the library after the dataset was imported: a PDF missing at import
 * time fails the import itself); a dataset's own records go only with the dataset.
 */
export function missingDocumentText(dataset: DatasetSummary, documentExternalId: string): string {
  if (pdfBacked.has(dataset.format)) {
    const file = `${documentExternalId}.pdf`;
    return `${file} is not in the library (it was removed after ${dataset.name} was imported), so this question has no document to show. Import ${dataset.name} again with ${file} in its folder beside it.`;
  }
  return `Document ${documentExternalId} of ${dataset.name} is not in the library. Import ${dataset.name} again to restore it.`;
}
