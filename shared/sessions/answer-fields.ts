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

/** The editable part of a stored answer (or of anything carrying its fields). */
export function answerFields(a: AnswerFields): AnswerFields {
  return {
    value: a.value,
    unit: a.unit,
    scale: a.scale,
    confidence: a.confidence,
    notes: a.notes,
    evidence: a.evidence,
  };
}
