import { WorkbenchError } from '../../shared/api/result';
import type { HandlerMap } from './registry';

// Placeholder until main/llm lands (issue 12, this session): the registry needs every method.
const notYet = (): never => {
  throw new WorkbenchError('unsupported', 'model providers are not built yet');
};

export const llmHandlers: HandlerMap = {
  'llm.providers': notYet,
  'llm.saveProvider': notYet,
  'llm.removeProvider': notYet,
  'llm.models': notYet,
  'llm.test': notYet,
  'llm.autodetect': notYet,
  'llm.setSettings': notYet,
};
