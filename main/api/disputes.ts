import type { HandlerMap } from './registry';

/** Gold disputes (main/disputes): raise, list, accept or reject. */
export const disputesHandlers: HandlerMap = {
  'disputes.raise': (input, { disputes }) => ({ dispute: disputes.raise(input) }),
  'disputes.list': (input, { disputes }) => ({ disputes: disputes.list(input) }),
  'disputes.decide': (input, { disputes }) => disputes.decide(input),
};
