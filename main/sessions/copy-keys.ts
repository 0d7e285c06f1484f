import { createHash } from 'node:crypto';
import { canonicalJson } from '../../shared/sessions/bundle';
import type { SessionAnswer, SessionEvent } from '../../shared/sessions/session';
import type { SessionsRepo } from '../db/sessions-repo';

const sha256 = (value: unknown) => createHash('sha256').update(canonicalJson(value)).digest('hex');

/**
 * What makes one expert's session that session and no other (docs/sessions.md "Bundles"): its
 * answers with the times they were saved and submitted, and its event log to the millisecond,
 * questions named by the dataset's own ids (workspaces number them differently). Two real
 * sessions never share either; a copy does, whatever its file says about its uid, expert name
 * or export time. Used where no uid can tell (sessions imported from unsigned bundles, before
 * uids existed) and beside the uid. Two keys: the answers with the log (a plain copy), and the
 * log alone when it records work (a copy whose answers were edited afterwards). None for a
 * session nobody worked on: there is nothing of it to count twice.
 */
export function copyKeys(
  answers: readonly SessionAnswer[],
  events: readonly SessionEvent[],
  externalOf: (questionId: number) => string | undefined,
): string[] {
  const ext = (id: number | null) => (id === null ? null : (externalOf(id) ?? `#${id}`));
  const ms = (n: number | undefined) => (n === undefined ? null : Math.round(n));
  const log = events.map((e) => ({
    type: e.type,
    question: ext(e.questionId),
    atMs: ms(e.atMs),
    wallMs: ms(e.wallMs),
    idleFromMs: ms(e.idleFromMs),
    jumpMs: ms(e.jumpMs),
  }));
  const keys: string[] = [];
  if (answers.length > 0) {
    const answered = answers
      .map(({ questionId, revision: _r, ...a }) => ({ ...a, question: ext(questionId) }))
      .sort((x, y) => ((x.question ?? '') < (y.question ?? '') ? -1 : 1));
    keys.push(`answers:${sha256({ answers: answered, events: log })}`);
  }
  if (events.some((e) => e.type !== 'finish')) keys.push(`events:${sha256(log)}`);
  return keys;
}

/** The copy keys of a session stored here. */
export function sessionCopyKeys(repo: SessionsRepo, sessionId: number): string[] {
  const external = new Map(repo.questions(sessionId).map((q) => [q.questionId, q.externalId]));
  return copyKeys(repo.answers(sessionId), repo.events(sessionId), (id) => external.get(id));
}
