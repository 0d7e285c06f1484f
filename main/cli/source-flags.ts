import { WorkbenchError } from '../../shared/api/result';
import type { Document } from '../../shared/document';
import { PassageKind } from '../../shared/retrieval/hit';
import { ingestFile } from '../document/ingest-file';
import { CliError, type CliContext } from './command';

/**
 * The flags `ask` and `retrieve` share: which document (a file, a stored document, a dataset
 * question), the question, and the retrieval settings. One reading, so the two commands accept
 * and refuse the same things with the same words.
 */
export const DOCUMENT_SOURCE_OPTIONS = {
  doc: { type: 'string' },
  document: { type: 'string' },
  'dataset-question': { type: 'string' },
  question: { type: 'string' },
  k: { type: 'string' },
  unit: { type: 'string' },
} as const;

export const textFlag = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** Refuses a FILE argument and anything but exactly one source; answers `--question` if given. */
export function checkDocumentSource(ctx: CliContext, command: string): string | undefined {
  if (ctx.args.length > 0)
    throw new CliError(`${command} takes no FILE argument (got ${ctx.args[0]}); use --doc FILE`, 2);
  const sources = ['doc', 'document', 'dataset-question'].filter(
    (f) => ctx.values[f] !== undefined,
  );
  if (sources.length !== 1)
    throw new CliError('give exactly one of --doc FILE, --document ID or --dataset-question ID', 2);
  const question = textFlag(ctx.values.question);
  if (question !== undefined && question.trim() === '')
    throw new CliError('--question is empty', 2);
  return question;
}

/** `--unit cell|row|block`, undefined when not given. */
export function unitFlag(value: string | boolean | string[] | undefined): PassageKind | undefined {
  if (value === undefined) return undefined;
  const unit = PassageKind.safeParse(value);
  if (!unit.success)
    throw new CliError(`--unit must be cell, row or block, got ${String(value)}`, 2);
  return unit.data;
}

/**
 * `--doc FILE` read in-process (not imported): a reader's error names the file. ingestFile
 * checked the Document against the schema (once, where it was built).
 */
export async function readDocumentFile(file: string): Promise<Document> {
  try {
    return await ingestFile(file);
  } catch (e) {
    if (e instanceof WorkbenchError) throw new CliError(`${file}: ${e.message} [${e.code}]`, 1);
    throw e;
  }
}
