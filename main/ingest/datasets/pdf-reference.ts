import { statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { invalid, type DatasetFile } from './dataset-file';

/**
 * A PDF a dataset refers to, relative to the dataset file's folder. We only reference it (the
 * PDF ingester reads it); a missing PDF fails the import, since its questions would have no
 * document to stand on.
 */
export interface PdfReference {
  /** Relative path with "/" separators, as stored in the document ("pdfs/3M_2018_10K.pdf"). */
  relative: string;
  absolute: string;
  bytes: number;
}

export function pdfReference(file: DatasetFile, where: string, ...parts: string[]): PdfReference {
  const relative = posix.join(...parts);
  const absolute = join(file.dir, ...parts);
  try {
    const s = statSync(absolute);
    if (!s.isFile()) throw new Error('not a file');
    return { relative, absolute, bytes: s.size };
  } catch {
    throw invalid(
      `${file.name}: ${where}: ${relative} not found next to ${file.name} (${absolute})`,
    );
  }
}
