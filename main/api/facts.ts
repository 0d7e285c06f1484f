import type { HandlerMap } from './registry';

/** The Facts panel of a company (main/library/company-facts-service.ts). */
export const factsHandlers: HandlerMap = {
  'facts.search': (input, { companyFacts }) => companyFacts.search(input),
  'facts.series': (input, { companyFacts }) => companyFacts.series(input),
};
