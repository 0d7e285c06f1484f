import type { Scorer } from '../verdict';
import { analystScorer } from './analyst';
import { docmathScorer } from './docmath';
import { finqaScorer } from './finqa';
import { multihierttScorer } from './multihiertt';
import { strictScorer } from './strict';
import { tatqaScorer } from './tatqa';

/**
 * Every scorer by id. `strict` is the default for extracted answers, `analyst` for free-text
 * answers (see DEFAULT_FREE_TEXT_SCORER_ID); the others reproduce an official scorer.
 */
export const scorers: Readonly<Record<string, Scorer>> = {
  strict: strictScorer,
  analyst: analystScorer,
  docmath: docmathScorer,
  tatqa: tatqaScorer,
  finqa: finqaScorer,
  multihiertt: multihierttScorer,
};

export const DEFAULT_SCORER_ID = 'strict';

/** The default for free-text answers (paragraphs, with the question): `workbench grade --format jsonl`. */
export const DEFAULT_FREE_TEXT_SCORER_ID = 'analyst';

export function getScorer(id: string): Scorer | undefined {
  return Object.prototype.hasOwnProperty.call(scorers, id) ? scorers[id] : undefined;
}

export { analystScorer, docmathScorer, finqaScorer, multihierttScorer, strictScorer, tatqaScorer };
