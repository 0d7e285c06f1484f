import { expandJsonBytes } from '../../shared/api/json-bytes';
import { WorkbenchError } from '../../shared/api/result';
import type { OpenedDocument } from '../document/document-service';
import type { ApiContext } from './context';
import type { HandlerMap } from './registry';

/** The embedder for `options.embeddings`, when the workspace has a model service that embeds. */
type EmbedCapable = {
  embedder?: (
    providerId: number,
    model: string,
  ) => (texts: string[], signal?: AbortSignal) => Promise<number[][]>;
};

export const retrievalHandlers: HandlerMap = {
  'retrieval.search': async ({ documentId, question, options }, ctx: ApiContext) => {
    // Opening parses a library file on first use (a job with progress), like the document view.
    const opened = expandJsonBytes(await ctx.documents.open(documentId)) as OpenedDocument;
    let embedder;
    if (options?.embeddings) {
      const llm = (ctx as unknown as { llm?: EmbedCapable }).llm;
      if (!llm?.embedder)
        throw new WorkbenchError(
          'unsupported',
          'dense retrieval needs a model provider with an embeddings endpoint; none is set up',
        );
      embedder = llm.embedder(options.embeddings.providerId, options.embeddings.model);
    }
    const hits = await ctx.retrieval.search(
      documentId,
      opened.model,
      question,
      options ?? {},
      embedder,
    );
    return { hits };
  },
};
