import type { Database } from 'better-sqlite3';
import { nextTimestamp } from '../../shared/sessions/clock';
import type { SessionEvent, SessionEventType } from '../../shared/sessions/session';
import { sessionsRepo } from '../db/sessions-repo';
import { writeTransaction } from '../db/write-transaction';
import { compact } from '../../shared/util/compact';

/** main's clocks; tests inject their own. */
export interface SessionClock {
  /** Wall clock, ms since the epoch (Date.now). */
  wallMs(): number;
  /** Monotonic clock of this process, ms (performance.now). */
  monoMs(): number;
}

export const systemClock: SessionClock = {
  wallMs: () => Date.now(),
  monoMs: () => performance.now(),
};

export interface EventToAppend {
  type: SessionEventType;
  questionId: number | null;
  /** `idle`: how long before now the last input was. */
  idleForMs?: number;
}

/**
 * Appends server-timestamped events to a session's log. The timeline (`atMs`) follows main's
 * wall clock but never runs backwards; within this process the monotonic clock measures each
 * step, so a wall clock set back or forward mid-session is clamped and recorded as a
 * `clock-jump` event instead of adding or removing active time (shared/sessions/clock.ts).
 */
export class Timeline {
  /** The monotonic reading at the last event this process wrote, per session. */
  private readonly mono = new Map<number, { seq: number; monoMs: number }>();

  constructor(
    private readonly db: Database,
    private readonly clock: SessionClock,
  ) {}

  now(): number {
    return this.clock.wallMs();
  }

  /** Appends the events in one transaction; answers them as stored. */
  append(sessionId: number, events: readonly EventToAppend[]): SessionEvent[] {
    const repo = sessionsRepo(this.db);
    return writeTransaction(this.db, () => {
      const out: SessionEvent[] = [];
      for (const e of events) {
        const prev = repo.lastEvent(sessionId);
        const mem = this.mono.get(sessionId);
        // The monotonic reading only compares with an event this process wrote last.
        const prevMono = prev && mem && mem.seq === prev.seq ? mem.monoMs : null;
        const wallMs = this.clock.wallMs();
        const monoMs = this.clock.monoMs();
        const { atMs, jumpMs } = nextTimestamp(
          prev ? { atMs: prev.atMs, wallMs: prev.wallMs, monoMs: prevMono } : null,
          wallMs,
          monoMs,
        );
        if (jumpMs !== null) {
          const seq = repo.appendEvent(sessionId, {
            type: 'clock-jump',
            questionId: null,
            atMs,
            wallMs,
            jumpMs,
          });
          out.push({ seq, type: 'clock-jump', questionId: null, atMs, wallMs, jumpMs });
        }
        const idleFromMs =
          e.type === 'idle' ? Math.max(prev?.atMs ?? atMs, atMs - (e.idleForMs ?? 0)) : undefined;
        const event = {
          type: e.type,
          questionId: e.questionId,
          atMs,
          wallMs,
          ...compact({ idleFromMs }),
        };
        const seq = repo.appendEvent(sessionId, event);
        this.mono.set(sessionId, { seq, monoMs });
        out.push({ seq, ...event });
      }
      return out;
    })();
  }
}
