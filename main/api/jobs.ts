import type { HandlerMap } from './registry';

export const jobsHandlers: HandlerMap = {
  'jobs.list': ({ limit }, { jobs }) => ({ jobs: jobs.list(limit) }),

  'jobs.cancel': async ({ jobId }, { jobs }) => ({ state: await jobs.cancel(jobId) }),
};
