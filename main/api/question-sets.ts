import type { HandlerMap } from './registry';

/** Question sets (main/question-sets, docs/sessions.md "Question sets"). */
export const questionSetsHandlers: HandlerMap = {
  'questionSets.create': (input, { questionSets }) => ({ set: questionSets.create(input) }),
  'questionSets.list': ({ datasetId }, { questionSets }) => ({
    sets: questionSets.list(datasetId),
  }),
  'questionSets.get': ({ id }, { questionSets }) => questionSets.detail(id),
  'questionSets.remove': ({ id }, { questionSets }) => ({ removed: questionSets.remove(id) }),
};
