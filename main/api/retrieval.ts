import { AskDocumentCache } from '../ask/document-cache';
import type { Embedder } from '../retrieval/embeddings';
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

  // Stored units only: nothing is opened or parsed, so it answers at once however large the library.
  'retrieval.searchAll': ({ question, options = {} }, ctx) =>
    ctx.retrieval.searchAll(question, options),
};
