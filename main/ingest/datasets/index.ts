import type { DatasetFormat, DatasetImport } from '../../../shared/datasets';
import { openDatasetFile, type DatasetFile } from './dataset-file';
import { readDocmathFile } from './docmath';
import { readFinancebenchFile } from './financebench';
import { readFinqaFile } from './finqa';
import { readMultihierttFile } from './multihiertt';
import { readTablequestFile } from './tablequest';
import { readTathqaFile } from './tathqa';
import { readTatqaFile } from './tatqa';

/** One reader per format; each is all-or-nothing and throws a WorkbenchError naming the file. */
export const datasetReaders: Record<DatasetFormat, (file: DatasetFile) => DatasetImport> = {
  tatqa: readTatqaFile,
  tathqa: readTathqaFile,
  finqa: readFinqaFile,
  multihiertt: readMultihierttFile,
  docmath: readDocmathFile,
  financebench: readFinancebenchFile,
  tablequest: readTablequestFile,
};

export function readDatasetFile(format: DatasetFormat, path: string): DatasetImport {
  return datasetReaders[format](openDatasetFile(path));
}

export { openDatasetFile, type DatasetFile } from './dataset-file';

/** PDFs the documents reference (FinanceBench, TableQuest), relative to the dataset file. */
export const referencedPdfs = (imported: DatasetImport): string[] => [
  ...new Set(imported.documents.flatMap((d) => (d.source.file ? [d.source.file] : []))),
];
