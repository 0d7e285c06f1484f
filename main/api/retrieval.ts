import { WorkbenchError } from '../../shared/api/result';
import type { HandlerMap } from './registry';

// Placeholder until main/retrieval lands (issue 12, this session).
export const retrievalHandlers: HandlerMap = {
  'retrieval.search': () => {
    throw new WorkbenchError('unsupported', 'retrieval is not built yet');
  },
};
