import type { HandlerMap } from './registry';
import { compact } from '../../shared/util/compact';

/**
 * Asking a model about a document (main/ask). `ask.run` streams its phases and the model's text
 * as `ask.progress` events with the caller's askId, and answers the stored result.
 */
export const askHandlers: HandlerMap = {
  'ask.run': (input, ctx) =>
    ctx.ask.run(
      {
        askId: input.askId,
        provider: { providerId: input.providerId },
        providerId: input.providerId,
        model: input.model,
        mode: input.mode,
        ...compact({
          question: input.question,
          documentId: input.documentId,
          documentIds: input.documentIds,
          questionId: input.questionId,
          params: input.params,
          retrieval: input.retrieval,
          samples: input.samples,
          templateId: input.templateId,
        }),
      },
      (event) => ctx.bus.emit('ask.progress', event),
    ),
  'ask.cancel': ({ askId }, ctx) => ({ cancelled: ctx.ask.cancel(askId) }),
  'ask.history': ({ documentId, questionId, limit }, ctx) => ({
    asks: ctx.ask.history(compact({ documentId, questionId }), limit ?? 50),
  }),
  'ask.templates': (_input, ctx) => ({ templates: ctx.ask.templates() }),
  'ask.saveTemplate': ({ template }, ctx) => ({ template: ctx.ask.saveTemplate(template) }),
};
