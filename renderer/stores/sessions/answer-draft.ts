import { evidenceKey, type MarkTarget } from '../../../shared/document/evidence';
import { AnswerFields } from '../../../shared/sessions/session';

export { answerFields, emptyAnswer } from '../../../shared/sessions/answer-fields';

/** Whether two drafts say the same (evidence compared as a set, order aside). */
export function sameFields(a: AnswerFields, b: AnswerFields): boolean {
  if (
    a.value !== b.value ||
    a.unit !== b.unit ||
    a.scale !== b.scale ||
    a.confidence !== b.confidence ||
    a.notes !== b.notes ||
    a.evidence.length !== b.evidence.length
  )
    return false;
  const keys = new Set(a.evidence.map(evidenceKey));
  return b.evidence.every((t) => keys.has(evidenceKey(t)));
}

/** Adds the target to the answer's evidence, or takes it out when it is there. */
export function toggleEvidence(evidence: readonly MarkTarget[], target: MarkTarget): MarkTarget[] {
  const key = evidenceKey(target);
  return evidence.some((t) => evidenceKey(t) === key)
    ? evidence.filter((t) => evidenceKey(t) !== key)
    : [...evidence, target];
}

/** Where an unsaved draft waits (localStorage in the app, a Map in tests). */
export interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A draft kept in the browser until the server has it: a reload within the save delay loses nothing. */
export interface LocalDraft {
  baseRevision: number;
  fields: AnswerFields;
}

const draftKey = (sessionId: number, questionId: number) =>
  `workbench.session.${sessionId}.draft.${questionId}`;

export function writeLocalDraft(
  storage: DraftStorage | undefined,
  sessionId: number,
  questionId: number,
  draft: LocalDraft | undefined,
): void {
  try {
    if (draft) storage?.setItem(draftKey(sessionId, questionId), JSON.stringify(draft));
    else storage?.removeItem(draftKey(sessionId, questionId));
  } catch {
    // Storage full or refused: the server save still runs; only the reload safety net is gone.
  }
}

export function readLocalDraft(
  storage: DraftStorage | undefined,
  sessionId: number,
  questionId: number,
): LocalDraft | undefined {
  try {
    const text = storage?.getItem(draftKey(sessionId, questionId));
    if (!text) return undefined;
    const d = JSON.parse(text) as { baseRevision?: unknown; fields?: unknown };
    // Only a draft of the shape written above is trusted; anything else is dropped.
    const fields = AnswerFields.safeParse(d.fields);
    if (typeof d.baseRevision !== 'number' || !fields.success) return undefined;
    return { baseRevision: d.baseRevision, fields: fields.data };
  } catch {
    return undefined;
  }
}
