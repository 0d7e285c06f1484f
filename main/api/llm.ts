import { WorkbenchError } from '../../shared/api/result';
import type { HandlerMap } from './registry';
import { compact } from '../../shared/util/compact';

// Model providers (main/llm). Keys never pass through here: a provider names its secret, and
// `hasKey` says whether that secret exists (re-read before answering).
export const llmHandlers: HandlerMap = {
  'llm.providers': async (_input, { llm }) => {
    await llm.providers.refreshSecrets();
    return { providers: llm.providers.list(), settings: llm.providers.settings() };
  },
  'llm.saveProvider': async ({ id, config }, { llm }) => {
    await llm.providers.refreshSecrets();
    return { provider: llm.providers.save(id, config) };
  },
  'llm.removeProvider': ({ id }, { llm }) => ({ removed: llm.providers.remove(id) }),
  'llm.models': async ({ providerId }, { llm }) => ({
    models: await llm.connections.models({ providerId }),
  }),
  'llm.test': ({ providerId }, { llm }, signal) => llm.connections.test(providerId, signal),
  'llm.pickModelFile': async (_input, { host }) => {
    if (!host.pickModelFile)
      throw new WorkbenchError(
        'unsupported',
        "no native file dialog here; type the model file's full path",
      );
    return { path: await host.pickModelFile() };
  },
  'llm.autodetect': async (_input, { llm }) => ({ servers: await llm.connections.autodetect() }),
  'llm.setSettings': (patch, { llm }) => llm.providers.setSettings(compact(patch)),
};
