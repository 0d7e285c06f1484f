import { createHash } from 'node:crypto';

/**
 * Same for every session on the same questions in any order, in any workspace holding the same
 * dataset file: the study a session belongs to (agreement compares sessions with one key).
 */
export function questionSetKey(format: string, datasetName: string, externalIds: string[]): string {
  const h = createHash('sha256');
  h.update(`${format}\n${datasetName}\n`);
  for (const id of [...externalIds].sort()) h.update(`${id}\n`);
  return h.digest('hex').slice(0, 32);
}
