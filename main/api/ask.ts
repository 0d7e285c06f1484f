import { WorkbenchError } from '../../shared/api/result';
import type { HandlerMap } from './registry';

// Placeholder until main/ask lands (issue 12, this session).
const notYet = (): never => {
  throw new WorkbenchError('unsupported', 'asking is not built yet');
};

export const askHandlers: HandlerMap = {
  'ask.run': notYet,
  'ask.cancel': notYet,
  'ask.history': notYet,
  'ask.templates': notYet,
  'ask.saveTemplate': notYet,
};
