import { statSync } from 'node:fs';
import { join, posix, resolve, sep } from 'node:path';
import { invalid, type DatasetFile } from './dataset-file';

/**
 * A PDF a dataset refers to, relative to the dataset file's folder. We only reference it (the
 * PDF ingester reads it); a missing PDF fails the import, since its questions would have no
 * document to stand on. Names come from the dataset's records, so one that leads out of that
 * folder ("../../home/me/tax.pdf") is refused: a dataset file can only bring
 * in files that sit beside it.
 */
export interface PdfReference {
  /** Relative path with "/" separators, as stored in the document ("pdfs/3M_2018_10K.pdf"). */
  relative: string;
  absolute: string;
  bytes: number;
}

export function pdfReference(file: DatasetFile, where: string, ...parts: string[]): PdfReference {
  const relative = posix.join(...parts);
  const dir = resolve(file.dir);
  const absolute = resolve(dir, join(...parts));
  if (!absolute.startsWith(dir + sep)) {
    throw invalid(
      `${file.name}: ${where}: ${relative} is outside the folder of ${file.name}; referenced files must be inside it`,
    );
  }
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
