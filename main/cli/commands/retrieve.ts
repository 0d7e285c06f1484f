import { WorkbenchError } from '../../../shared/api/result';
import { Document } from '../../../shared/model';
import { RetrievalUnit, type RetrievalHit } from '../../../shared/retrieval/hit';
import { ingestFile } from '../../ingest/ingest-file';
import { DEFAULT_K, searchDocument } from '../../retrieval/retrieval-service';
import { callOrThrow } from '../call';
import { CliError, type CliCommand, type CliContext } from '../command';

/** What `workbench retrieve --json` prints: the hits in rank order. */
export interface RetrieveOutput {
  hits: RetrievalHit[];
}

const MAX_K = 200;

function wholeNumber(
  value: string | boolean | string[] | undefined,
  flag: string,
  max: number,
): number | undefined {
  if (value === undefined) return undefined;
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > max)
    throw new CliError(`${flag} must be a whole number from 1 to ${max}, got ${String(value)}`, 2);
  return n;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

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

async function readDocument(file: string): Promise<Document> {
  try {
    return Document.parse(await ingestFile(file));
  } catch (e) {
    if (e instanceof WorkbenchError) throw new CliError(`${file}: ${e.message} [${e.code}]`, 1);
    throw e;
  }
}

/** The workspace document and question text named by --document or --dataset-question. */
async function workspaceTarget(
  ctx: CliContext,
  question: string | undefined,
): Promise<{ documentId: number; question: string }> {
  const questionId = wholeNumber(
    ctx.values['dataset-question'],
    '--dataset-question',
    Number.MAX_SAFE_INTEGER,
  );
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
  const documentId = wholeNumber(ctx.values.document, '--document', Number.MAX_SAFE_INTEGER)!;
  if (question === undefined) throw new CliError('--document needs --question "…"', 2);
  return { documentId, question };
}

export const retrieveCommand: CliCommand = {
  name: 'retrieve',
  summary:
    'Rank a document’s cells, rows, tables and paragraphs for a question (the evidence an answer would be given)',
  usage:
    'workbench retrieve (--doc FILE --question "…" | --document ID --question "…" | --dataset-question ID) [--k N] [--unit cell|row|block] [--json] [--workspace DIR]',
  options: {
    doc: { type: 'string' },
    document: { type: 'string' },
    'dataset-question': { type: 'string' },
    question: { type: 'string' },
    k: { type: 'string' },
    unit: { type: 'string' },
  },
  async run(ctx) {
    if (ctx.args.length > 0)
      throw new CliError(`retrieve takes no FILE argument (got ${ctx.args[0]}); use --doc FILE`, 2);
    const sources = ['doc', 'document', 'dataset-question'].filter(
      (f) => ctx.values[f] !== undefined,
    );
    if (sources.length !== 1)
      throw new CliError(
        'give exactly one of --doc FILE, --document ID or --dataset-question ID',
        2,
      );
    const k = wholeNumber(ctx.values.k, '--k', MAX_K) ?? DEFAULT_K;
    const unitFlag = ctx.values.unit;
    const unit = RetrievalUnit.safeParse(unitFlag ?? 'cell');
    if (!unit.success)
      throw new CliError(`--unit must be cell, row or block, got ${String(unitFlag)}`, 2);
    const question = text(ctx.values.question);
    if (question !== undefined && question.trim() === '')
      throw new CliError('--question is empty', 2);
    const options = { k, unit: unit.data };

    let hits: RetrievalHit[];
    const file = text(ctx.values.doc);
    if (file !== undefined) {
      if (question === undefined) throw new CliError('--doc needs --question "…"', 2);
      hits = searchDocument(await readDocument(file), question, options);
    } else {
      const target = await workspaceTarget(ctx, question);
      const { registry } = await ctx.services();
      const answer = (await callOrThrow(registry, 'retrieval.search', {
        documentId: target.documentId,
        question: target.question,
        options,
      })) as RetrieveOutput;
      hits = answer.hits;
    }
    ctx.say(describeHits(hits));
    const output: RetrieveOutput = { hits };
    return output;
  },
};
