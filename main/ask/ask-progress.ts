import type { EventPayload } from '../../shared/api/contract';
import { WorkbenchError } from '../../shared/api/result';

// What an ask reports along the way and how it stops early, for answer-core.ts and the sample
// loops it calls (python-sample.ts), which sit below it.

export type AskProgress = EventPayload<'ask.progress'>;

export const askCancelled = () => new WorkbenchError('cancelled', 'the ask was cancelled');

/**
 * A program mode's model wrote no runnable JavaScript, also when asked again. It carries the
 * last output: a batch run records that answer (graded as no answer) instead of losing it.
 */
export class NoProgramError extends WorkbenchError {
  constructor(
    message: string,
    readonly output: string,
    readonly repaired: boolean,
  ) {
    super('llm-bad-response', message);
  }
}
