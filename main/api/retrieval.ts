import { expandJsonBytes } from '../../shared/api/json-bytes';
import type { OpenedDocument } from '../document/document-service';
import type { Embedder } from '../retrieval/retrieval-service';
import type { HandlerMap } from './registry';

export const retrievalHandlers: HandlerMap = {
  'retrieval.search': async ({ documentId, question, options = {} }, ctx) => {
    // Opening parses a library file on first use (a job with progress), like the document view.
    const opened = expandJsonBytes(await ctx.documents.open(documentId)) as OpenedDocument;
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
    const hits = await ctx.retrieval.search(documentId, opened.model, question, options, embedder);
    return { hits };
  },
};
