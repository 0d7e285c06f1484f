import type { HandlerMap } from './registry';

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
        ...(input.question !== undefined ? { question: input.question } : {}),
        ...(input.documentId !== undefined ? { documentId: input.documentId } : {}),
        ...(input.documentIds !== undefined ? { documentIds: input.documentIds } : {}),
        ...(input.questionId !== undefined ? { questionId: input.questionId } : {}),
        ...(input.params !== undefined ? { params: input.params } : {}),
        ...(input.retrieval !== undefined ? { retrieval: input.retrieval } : {}),
        ...(input.samples !== undefined ? { samples: input.samples } : {}),
        ...(input.templateId !== undefined ? { templateId: input.templateId } : {}),
      },
      (event) => ctx.bus.emit('ask.progress', event),
    ),
  'ask.cancel': ({ askId }, ctx) => ({ cancelled: ctx.ask.cancel(askId) }),
  'ask.history': ({ documentId, questionId, limit }, ctx) => ({
    asks: ctx.ask.history(
      {
        ...(documentId !== undefined ? { documentId } : {}),
        ...(questionId !== undefined ? { questionId } : {}),
      },
      limit ?? 50,
    ),
  }),
  'ask.templates': (_input, ctx) => ({ templates: ctx.ask.templates() }),
  'ask.saveTemplate': ({ template }, ctx) => ({ template: ctx.ask.saveTemplate(template) }),
};
