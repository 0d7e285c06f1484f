import { WorkbenchError } from '../../shared/api/result';
import type { HandlerMap } from './registry';

// Model providers (main/llm). Keys never pass through here: a provider names its secret, and
// `hasKey` says whether that secret exists (re-read before answering).
export const llmHandlers: HandlerMap = {
  'llm.providers': async (_input, { llm }) => {
    await llm.refreshSecrets();
    return { providers: llm.providers(), settings: llm.settings() };
  },
  'llm.saveProvider': async ({ id, config }, { llm }) => {
    await llm.refreshSecrets();
    return { provider: llm.saveProvider(id, config) };
  },
  'llm.removeProvider': ({ id }, { llm }) => ({ removed: llm.removeProvider(id) }),
  'llm.models': async ({ providerId }, { llm }) => ({ models: await llm.models({ providerId }) }),
  'llm.test': ({ providerId }, { llm }, signal) => llm.test(providerId, signal),
  'llm.pickModelFile': async (_input, { host }) => {
    if (!host.pickModelFile)
      throw new WorkbenchError(
        'unsupported',
        "no native file dialog here; type the model file's full path",
      );
    return { path: await host.pickModelFile() };
  },
  'llm.autodetect': async (_input, { llm }) => ({ servers: await llm.autodetect() }),
  'llm.setSettings': (patch, { llm }) => llm.setSettings(patch),
};
