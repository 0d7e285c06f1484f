import type { Scorer } from '../verdict';
import { analystScorer } from './analyst';
import { docmathScorer } from './docmath';
import { finqaScorer } from './finqa';
import { multihierttScorer } from './multihiertt';
import { strictScorer } from './strict';
import { tatqaScorer } from './tatqa';

/**
 * Every scorer by id: `strict` and `analyst` are ours, the others reproduce an official scorer.
 * Which one grades a dataset by default is shared/grading/default-scorers.ts (one table).
 *
 * Each scorer's `version` is a constant in its own file, bumped whenever its rules change (a
 * verdict could differ): every stored verdict records it, and `workbench regrade --stale`
 * grades again the verdicts whose version is no longer the registry's.
 */
export const scorers: Readonly<Record<string, Scorer>> = {
  strict: strictScorer,
  analyst: analystScorer,
  docmath: docmathScorer,
  tatqa: tatqaScorer,
  finqa: finqaScorer,
  multihiertt: multihierttScorer,
};

export function getScorer(id: string): Scorer | undefined {
  return Object.prototype.hasOwnProperty.call(scorers, id) ? scorers[id] : undefined;
}

/** The current version of a scorer (undefined for an id the registry does not have). */
export function scorerVersion(id: string): string | undefined {
  return getScorer(id)?.version;
}

export { analystScorer, docmathScorer, finqaScorer, multihierttScorer, strictScorer, tatqaScorer };
