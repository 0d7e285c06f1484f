import type { Scorer } from '../verdict';
import { docmathScorer } from './docmath';
import { finqaScorer } from './finqa';
import { multihierttScorer } from './multihiertt';
import { strictScorer } from './strict';
import { tatqaScorer } from './tatqa';

/** Every scorer by id. `strict` is the default; the others reproduce an official scorer. */
export const scorers: Readonly<Record<string, Scorer>> = {
  strict: strictScorer,
  docmath: docmathScorer,
  tatqa: tatqaScorer,
  finqa: finqaScorer,
  multihiertt: multihierttScorer,
};

export const DEFAULT_SCORER_ID = 'strict';

export function getScorer(id: string): Scorer | undefined {
  return Object.prototype.hasOwnProperty.call(scorers, id) ? scorers[id] : undefined;
}

export { docmathScorer, finqaScorer, multihierttScorer, strictScorer, tatqaScorer };
