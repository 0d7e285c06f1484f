import type { AnswerFields } from './session';

/** A question nobody has answered yet (a fresh object: callers may change it). */
export const emptyAnswer = (): AnswerFields => ({
  value: '',
  unit: '',
  scale: '',
  confidence: null,
  notes: '',
  evidence: [],
});
