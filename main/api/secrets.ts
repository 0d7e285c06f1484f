import type { HandlerMap } from './registry';

export const secretsHandlers: HandlerMap = {
  'secrets.list': async (_input, { secrets }) => ({
    names: await secrets.list(),
    backend: secrets.backend,
  }),
  'secrets.set': async ({ name, value }, { secrets }) => {
    await secrets.set(name, value);
    return { stored: true as const };
  },
  'secrets.remove': async ({ name }, { secrets }) => ({ removed: await secrets.remove(name) }),
};
