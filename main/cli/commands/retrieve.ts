import type { RetrievalHit } from '../../../shared/retrieval/hit';
import { DEFAULT_K, searchDocument } from '../../retrieval/retrieval-service';
import { callOrThrow } from '../call';
import { CliError, type CliCommand, type CliContext } from '../command';
import {
  checkDocumentSource,
  DOCUMENT_SOURCE_OPTIONS,
  readDocumentFile,
  textFlag,
  unitFlag,
} from '../source-flags';
import { optionalWholeNumber } from '../flags';

/** What `workbench retrieve --json` prints: the hits in rank order. */
export interface RetrieveOutput {
  hits: RetrievalHit[];
}

const MAX_K = 200;

/** "cell t21 (source row 4, column 3), page 12" */
function where(h: RetrievalHit): string {
  const parts: string[] = [`${h.kind} ${h.blockId}`];
  if (h.kind === 'cell') parts.push(`(source row ${h.sourceRow}, column ${h.sourceCol})`);
  else if (h.kind === 'row') parts.push(`(source row ${h.sourceRow})`);
  if (h.paragraphIndex !== undefined) parts.push(`(paragraph ${h.paragraphIndex})`);
  if (h.page !== undefined) parts.push(`page ${h.page}`);
  return parts.join(' ');
}

/** A readable ranked list: rank, score, where, then the text (long paragraphs cut). */
export function describeHits(hits: readonly RetrievalHit[]): string {
  if (hits.length === 0) return 'no hits: no unit of the document shares a word with the question';
  return hits
    .map((h, i) => {
      const shown = h.text.replace(/\s+/g, ' ');
      const cut = shown.length > 300 ? `${shown.slice(0, 300)}…` : shown;
      return `${String(i + 1).padStart(3)}. ${h.score.toFixed(3)}  ${where(h)}\n     ${cut}`;
    })
    .join('\n');
}

/** The workspace document and question text named by --document or --dataset-question. */
async function workspaceTarget(
  ctx: CliContext,
  question: string | undefined,
): Promise<{ documentId: number; question: string }> {
  const questionId = optionalWholeNumber(ctx.values['dataset-question'], '--dataset-question', {
    min: 1,
  });
  if (questionId !== undefined) {
    const services = await ctx.services();
    const stored = services.datasets.question(questionId);
    if (stored.documentId === null)
      throw new CliError(
        `question #${questionId} (${stored.externalId}) has no document in the library (its PDF is missing); import the PDF, then import the dataset again`,
        1,
      );
    return { documentId: stored.documentId, question: question ?? stored.question };
  }
  const documentId = optionalWholeNumber(ctx.values.document, '--document', { min: 1 })!;
  if (question === undefined) throw new CliError('--document needs --question "…"', 2);
  return { documentId, question };
}

// Not through the contract: --doc FILE searches a Document parsed here (no method takes one) and --dataset-question reads the stored question in-process; --document goes through retrieval.search.
export const retrieveCommand: CliCommand = {
  name: 'retrieve',
  summary:
    'Rank a document’s cells, rows, tables and paragraphs for a question (the evidence an answer would be given)',
  usage:
    'workbench retrieve (--doc FILE --question "…" | --document ID --question "…" | --dataset-question ID [--question "…"]) [--k N] [--unit cell|row|block] [--json] [--workspace DIR]',
  options: DOCUMENT_SOURCE_OPTIONS,
  async run(ctx) {
    const question = checkDocumentSource(ctx, 'retrieve');
    const k = optionalWholeNumber(ctx.values.k, '--k', { min: 1, max: MAX_K }) ?? DEFAULT_K;
    const options = { k, unit: unitFlag(ctx.values.unit) ?? 'cell' };

    let hits: RetrievalHit[];
    const file = textFlag(ctx.values.doc);
    if (file !== undefined) {
      if (question === undefined) throw new CliError('--doc needs --question "…"', 2);
      hits = searchDocument(await readDocumentFile(file), question, options);
    } else {
      const target = await workspaceTarget(ctx, question);
      const { registry } = await ctx.services();
      const answer = await callOrThrow(registry, 'retrieval.search', {
        documentId: target.documentId,
        question: target.question,
        options,
      });
      hits = answer.hits;
    }
    ctx.say(describeHits(hits));
    const output: RetrieveOutput = { hits };
    return output;
  },
};
