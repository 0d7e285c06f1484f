import { WorkbenchError } from '../../shared/api/result';
import { MAX_BUNDLE_DEPTH, type SessionBundle } from '../../shared/sessions/bundle';

/**
 * Checks of a bundle beyond its schema (docs/sessions.md "Bundles"), each refusal one line
 * naming the file and what is wrong: nesting (on the text, before anything recursive reads it),
 * one entry per question and per answer, events in order, timestamps that are real ISO 8601
 * dates in a sensible range, and a session that started before it finished.
 */

/** Earliest timestamp a bundle may hold: the workbench did not exist before. */
const EARLIEST_MS = Date.UTC(2000, 0, 1);
/** Clocks differ between machines; a bundle from further in the future than this is refused. */
const FUTURE_SLACK_MS = 2 * 24 * 3600 * 1000;

/** A value for a message: JSON-quoted (control characters escaped), at most ~40 characters. */
export function quoted(value: unknown): string {
  const s = JSON.stringify(value) ?? String(value);
  return s.length > 40 ? `${s.slice(0, 37)}…` : s;
}

/**
 * Refuses text nested deeper than `max` arrays/objects, by scanning it (strings skipped):
 * JSON.parse itself copes with deep nesting, but the schema and the canonical JSON the
 * signature covers walk the value recursively, and 10,000 levels would overflow the stack.
 */
export function checkDepth(text: string, name: string, max = MAX_BUNDLE_DEPTH): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max)
        throw new WorkbenchError(
          'invalid-input',
          `${name} is nested more than ${max} levels deep; a session bundle is about 6 deep, so this is not one`,
        );
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-](\d{2}):(\d{2}))$/;

/** Milliseconds of an ISO 8601 date-time with its offset, or NaN when it is not a real one. */
export function isoMs(text: string): number {
  const m = ISO.exec(text);
  if (!m) return NaN;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  if (year === undefined || month === undefined || day === undefined) return NaN;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth) return NaN;
  if ((hour ?? 0) > 23 || (minute ?? 0) > 59 || (second ?? 0) > 59) return NaN;
  if (m[9] !== undefined && (Number(m[9]) > 23 || Number(m[10]) > 59)) return NaN;
  return Date.parse(text);
}

/** The fields of a bundle (either version) these checks read. */
type Checked = Pick<
  SessionBundle,
  'exportedAt' | 'questions' | 'answers' | 'events' | 'scratch' | 'signedOff'
> & { session: Pick<SessionBundle['session'], 'createdAt' | 'finishedAt' | 'expert'> };

export function checkBundleContent(b: Checked, name: string, nowMs: number): void {
  const refuse = (message: string): never => {
    throw new WorkbenchError('invalid-input', `${name}: ${message}`);
  };
  const latest = nowMs + FUTURE_SLACK_MS;
  const inRange = (ms: number, what: string, shown: unknown) => {
    if (!Number.isFinite(ms))
      refuse(
        `${what} ${quoted(shown)} is not an ISO 8601 date and time (like 2026-01-31T09:30:00.000Z)`,
      );
    if (ms < EARLIEST_MS || ms > latest)
      refuse(
        `${what} ${quoted(shown)} is out of range (before 2000 or in the future); the bundle's clock or content is wrong`,
      );
    return ms;
  };
  const date = (text: string, what: string) => inRange(isoMs(text), what, text);
  const epochMs = (ms: number, what: string) => inRange(ms, what, ms);

  // One entry per question: the dataset's id and the exporting workspace's id alike.
  const byId = new Set<number>();
  const byExternal = new Set<string>();
  const positions = new Set<number>();
  for (const q of b.questions) {
    if (byId.has(q.questionId) || byExternal.has(q.externalId))
      refuse(`question ${quoted(q.externalId)} is listed twice; each question appears once`);
    if (positions.has(q.position)) refuse(`two questions share position ${q.position}`);
    byId.add(q.questionId);
    byExternal.add(q.externalId);
    positions.add(q.position);
  }
  const answered = new Set<number>();
  for (const a of b.answers) {
    if (answered.has(a.questionId))
      refuse(`question #${a.questionId} has two answers; a session holds one answer per question`);
    answered.add(a.questionId);
    date(a.updatedAt, `an answer's updatedAt`);
    if (a.submittedAt !== null) date(a.submittedAt, `an answer's submittedAt`);
  }
  for (const r of b.scratch) date(r.at, `a scratch run's time`);

  date(b.exportedAt, 'exportedAt');
  const created = date(b.session.createdAt, 'session.createdAt');
  const finishedAt = b.session.finishedAt;
  if (finishedAt === null)
    return refuse(
      'the session was never finished; only finished (signed-off) sessions are bundled',
    );
  const finished = date(finishedAt, 'session.finishedAt');
  date(b.signedOff.at, 'signedOff.at');
  if (created > finished)
    refuse(`the session finished (${finishedAt}) before it started (${b.session.createdAt})`);
  if (b.signedOff.at !== finishedAt)
    refuse(`signedOff.at (${b.signedOff.at}) is not when the session finished`);
  if (b.signedOff.expert !== b.session.expert)
    refuse(
      `signed off by ${quoted(b.signedOff.expert)} but the session's expert is ${quoted(b.session.expert)}`,
    );

  // The event log: numbered in order, on a timeline that never runs backwards.
  let prev: (typeof b.events)[number] | undefined;
  for (const e of b.events) {
    epochMs(e.atMs, `event ${e.seq}'s time`);
    epochMs(e.wallMs, `event ${e.seq}'s wall clock`);
    if (e.idleFromMs !== undefined) epochMs(e.idleFromMs, `event ${e.seq}'s idle start`);
    if (prev && e.seq <= prev.seq)
      refuse(`event ${e.seq} comes after event ${prev.seq}; events are numbered in order`);
    if (prev && e.atMs < prev.atMs)
      refuse(
        `event ${e.seq} is earlier than event ${prev.seq}; the session's timeline never runs back`,
      );
    prev = e;
  }
}
