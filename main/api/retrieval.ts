import { AskDocumentCache } from '../ask/document-cache';
import type { Embedder } from '../retrieval/embeddings';
import { log } from '../log/log';
import type { ApiContext } from './context';
import type { HandlerMap } from './registry';

/**
 * Parsed models of the last few documents searched, keyed by a hash of their JSON bytes (a
 * re-parse changes the key): parsing a 10-K's model costs more than the search itself.
 */
const models = new AskDocumentCache();

export const retrievalHandlers: HandlerMap = {
  'retrieval.search': async ({ documentId, question, options = {} }, ctx) => {
    // Opening parses a library file on first use (a job with progress), like the document view.
    const { document } = models.fromOpened((await ctx.documents.open(documentId)).$jsonBytes);
    // Dense retrieval embeds through the provider the options name (main/llm).
    const { embeddings } = options;
    const embedder: Embedder | undefined = embeddings
      ? (texts, signal) =>
          ctx.llm.embed({
            provider: { providerId: embeddings.providerId },
            model: embeddings.model,
            input: texts,
            ...(signal ? { signal } : {}),
          })
      : undefined;
    const hits = await ctx.retrieval.search(documentId, document, question, options, embedder);
    return { hits };
  },

  // Stored units only: nothing is opened or parsed, so it answers at once however large the
  // library. Then, after the answer, the documents it ranked that were indexed before migration
  // 24 get their own postings, so the next search across documents seeks them too.
  'retrieval.searchAll': ({ question, options = {} }, ctx) => {
    const answer = ctx.retrieval.searchAll(question, options);
    fillPostings(ctx, ctx.retrieval.withoutPostings(answer.documents));
    return answer;
  },
};

/** Documents waiting for their postings; one filler at a time, in the background. */
const waiting = new Set<number>();
let filling = false;

function fillPostings(ctx: Pick<ApiContext, 'documents' | 'retrieval'>, ids: number[]): void {
  for (const id of ids) waiting.add(id);
  if (filling || waiting.size === 0) return;
  filling = true;
  setImmediate(() => {
    void (async () => {
      try {
        for (const id of waiting) {
          waiting.delete(id);
          try {
            const { document } = models.fromOpened((await ctx.documents.open(id)).$jsonBytes);
            ctx.retrieval.addPostings(id, document);
          } catch (e) {
            // The workspace closed, or the document went or cannot be read: its search stays
            // on the shared index, as before; nothing is lost.
            log.error('could not write a document’s postings', e, { documentId: id });
          }
        }
      } finally {
        filling = false;
      }
    })();
  });
}
