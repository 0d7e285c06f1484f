import type { Database } from 'better-sqlite3';
import { MarkTarget } from '../../shared/document/evidence';
import type { AnswerScale } from '../../shared/datasets/question';
import type { DatasetFormat } from '../../shared/document/dataset-format';
import type {
  AnswerFields,
  ScratchRun,
  Session,
  SessionAnswer,
  SessionEvent,
  SessionEventType,
  SessionVerdict,
  Stratify,
} from '../../shared/sessions/session';
import { perConnection } from './per-connection';
import { z } from 'zod';
import { writeTransaction } from './write-transaction';

interface SessionRow {
  id: number;
  dataset_id: number | null;
  dataset_name: string;
  dataset_format: DatasetFormat;
  question_set_key: string;
  seed: number;
  stratify: Stratify;
  budget_seconds: number;
  per_question_cap_seconds: number | null;
  expert: string;
  instructions: string;
  status: Session['status'];
  created_at: string;
  finished_at: string | null;
  app_version: string;
  origin: Session['origin'];
  bundle_sha256: string | null;
  session_uid: string | null;
  signature: Session['signature'];
  signer_public_key: string | null;
  signer_fingerprint: string | null;
}

interface EventRow {
  seq: number;
  type: SessionEventType;
  question_id: number | null;
  at_ms: number;
  wall_ms: number;
  idle_from_ms: number | null;
  jump_ms: number | null;
}

interface AnswerRow {
  question_id: number;
  value: string;
  unit: string;
  scale: AnswerScale;
  confidence: number | null;
  notes: string;
  evidence: string;
  revision: number;
  submitted: 0 | 1;
  submitted_at: string | null;
  submitted_active_seconds: number | null;
  late: 0 | 1;
  updated_at: string;
}

interface ScratchRow {
  id: number;
  question_id: number;
  program: string;
  ok: 0 | 1;
  value: string | null;
  error: string | null;
  logs: string;
  reads: number;
  at: string;
}

interface VerdictRow {
  question_id: number;
  scorer: string;
  scorer_version: string;
  correct: 0 | 1;
  score: number;
  outcome: SessionVerdict['outcome'];
  rule: string;
  prediction: string;
  pred_normalized: string;
  gold_normalized: string;
  gold_version: string | null;
}

export type NewSession = Omit<Session, 'id' | 'questionIds' | 'blinded'> & {
  questions: { questionId: number; externalId: string }[];
  /** The signing key of an imported signed bundle (raw Ed25519, base64). */
  signerPublicKey: string | null;
};

export type NewEvent = Omit<SessionEvent, 'seq'>;

/** An answer as written: the fields and the submit state (the revision is the repo's). */
export type AnswerWrite = AnswerFields &
  Pick<SessionAnswer, 'submitted' | 'submittedAt' | 'submittedActiveSeconds' | 'late'> & {
    updatedAt: string;
  };

const Marks = z.array(MarkTarget);

function toSession(r: SessionRow, questionIds: number[]): Session {
  return {
    id: r.id,
    datasetId: r.dataset_id,
    datasetName: r.dataset_name,
    datasetFormat: r.dataset_format,
    questionIds,
    questionSetKey: r.question_set_key,
    seed: r.seed,
    stratify: r.stratify,
    budgetSeconds: r.budget_seconds,
    perQuestionCapSeconds: r.per_question_cap_seconds,
    expert: r.expert,
    instructions: r.instructions,
    blinded: true,
    status: r.status,
    createdAt: r.created_at,
    finishedAt: r.finished_at,
    appVersion: r.app_version,
    origin: r.origin,
    bundleSha256: r.bundle_sha256,
    uid: r.session_uid,
    signature: r.signature,
    signerFingerprint: r.signer_fingerprint,
  };
}

function toEvent(r: EventRow): SessionEvent {
  return {
    seq: r.seq,
    type: r.type,
    questionId: r.question_id,
    atMs: r.at_ms,
    wallMs: r.wall_ms,
    ...(r.idle_from_ms !== null ? { idleFromMs: r.idle_from_ms } : {}),
    ...(r.jump_ms !== null ? { jumpMs: r.jump_ms } : {}),
  };
}

function toAnswer(r: AnswerRow): SessionAnswer {
  return {
    questionId: r.question_id,
    value: r.value,
    unit: r.unit,
    scale: r.scale,
    confidence: r.confidence,
    notes: r.notes,
    evidence: Marks.parse(JSON.parse(r.evidence)),
    revision: r.revision,
    submitted: r.submitted === 1,
    submittedAt: r.submitted_at,
    submittedActiveSeconds: r.submitted_active_seconds,
    late: r.late === 1,
    updatedAt: r.updated_at,
  };
}

function toScratch(r: ScratchRow): ScratchRun {
  return {
    id: r.id,
    questionId: r.question_id,
    program: r.program,
    ok: r.ok === 1,
    value: r.value === null ? null : (JSON.parse(r.value) as ScratchRun['value']),
    error: r.error,
    logs: r.logs,
    reads: r.reads,
    at: r.at,
  };
}

function toVerdict(r: VerdictRow): SessionVerdict {
  return {
    questionId: r.question_id,
    scorer: r.scorer,
    scorerVersion: r.scorer_version,
    correct: r.correct === 1,
    score: r.score,
    outcome: r.outcome,
    rule: r.rule,
    prediction: r.prediction,
    predNormalized: r.pred_normalized,
    goldNormalized: r.gold_normalized,
    goldVersion: r.gold_version,
  };
}

const int = (n: number) => Math.round(n);

/** A new session's columns, in the order of the INSERT's. */
const sessionValues = (s: NewSession): unknown[] => [
  s.datasetId,
  s.datasetName,
  s.datasetFormat,
  s.questionSetKey,
  s.seed,
  s.stratify,
  s.budgetSeconds,
  s.perQuestionCapSeconds,
  s.expert,
  s.instructions,
  s.status,
  s.createdAt,
  s.finishedAt,
  s.appVersion,
  s.origin,
  s.bundleSha256,
  s.uid,
  s.signature,
  s.signerPublicKey,
  s.signerFingerprint,
];

/** The session rows and their question lists. */
function sessionRows(db: Database) {
  const insSession = db.prepare<unknown[], { id: number }>(`
    INSERT INTO sessions (dataset_id, dataset_name, dataset_format, question_set_key, seed, stratify,
      budget_seconds, per_question_cap_seconds, expert, instructions, status, created_at,
      finished_at, app_version, origin, bundle_sha256, session_uid, signature, signer_public_key,
      signer_fingerprint)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`);
  const insQuestion = db.prepare<[number, number, number, string]>(
    'INSERT INTO session_questions (session_id, position, question_id, external_id) VALUES (?, ?, ?, ?)',
  );
  const sessionById = db.prepare<[number], SessionRow>('SELECT * FROM sessions WHERE id = ?');
  const sessionByBundle = db.prepare<[string], SessionRow>(
    'SELECT * FROM sessions WHERE bundle_sha256 = ?',
  );
  const sessionByUid = db.prepare<[string], SessionRow>(
    'SELECT * FROM sessions WHERE session_uid = ?',
  );
  const allSessions = db.prepare<[], SessionRow>('SELECT * FROM sessions ORDER BY id DESC');
  const sessionsOfDataset = db.prepare<[number], SessionRow>(
    'SELECT * FROM sessions WHERE dataset_id = ? ORDER BY id DESC',
  );
  const sessionsOfSet = db.prepare<[string], SessionRow>(
    'SELECT * FROM sessions WHERE question_set_key = ? ORDER BY id',
  );
  const questionRows = db.prepare<[number], { question_id: number; external_id: string }>(
    'SELECT question_id, external_id FROM session_questions WHERE session_id = ? ORDER BY position',
  );
  const delSession = db.prepare<[number]>('DELETE FROM sessions WHERE id = ?');
  const finish = db.prepare<[string, number]>(
    "UPDATE sessions SET status = 'finished', finished_at = ? WHERE id = ? AND status = 'open'",
  );

  const session = (id: number): Session | undefined => {
    const r = sessionById.get(id);
    return r
      ? toSession(
          r,
          questionRows.all(id).map((q) => q.question_id),
        )
      : undefined;
  };
  const many = (rows: SessionRow[]) =>
    rows.map((r) =>
      toSession(
        r,
        questionRows.all(r.id).map((q) => q.question_id),
      ),
    );

  const create = writeTransaction(db, (s: NewSession): number => {
    const { id } = insSession.get(...sessionValues(s))!;
    s.questions.forEach((q, i) => insQuestion.run(id, i, q.questionId, q.externalId));
    return id;
  });

  return {
    create,
    session,
    byBundle: (sha256: string) => {
      const r = sessionByBundle.get(sha256);
      return r ? session(r.id) : undefined;
    },
    /** The session with this uid, and the public key its bundle was signed with (if any). */
    byUid: (uid: string) => {
      const r = sessionByUid.get(uid);
      return r ? { session: session(r.id)!, signerPublicKey: r.signer_public_key } : undefined;
    },
    list: (datasetId?: number) =>
      many(datasetId === undefined ? allSessions.all() : sessionsOfDataset.all(datasetId)),
    ofQuestionSet: (key: string) => many(sessionsOfSet.all(key)),
    questions: (sessionId: number) =>
      questionRows.all(sessionId).map((q) => ({
        questionId: q.question_id,
        externalId: q.external_id,
      })),
    finish: (sessionId: number, at: string) => finish.run(at, sessionId).changes > 0,
    remove: (sessionId: number) => delSession.run(sessionId).changes > 0,
  };
}

/** The append-only clock log of a session. */
function sessionEvents(db: Database) {
  // One statement: the next seq is taken and used atomically, even with another process writing.
  const insEvent = db.prepare<unknown[], { seq: number }>(`
    INSERT INTO session_events (session_id, seq, type, question_id, at_ms, wall_ms, idle_from_ms, jump_ms)
    SELECT ?, coalesce(max(seq), 0) + 1, ?, ?, ?, ?, ?, ? FROM session_events WHERE session_id = ?
    RETURNING seq`);
  const eventRows = db.prepare<[number], EventRow>(
    'SELECT * FROM session_events WHERE session_id = ? ORDER BY seq',
  );
  const lastEventRow = db.prepare<[number], EventRow>(
    'SELECT * FROM session_events WHERE session_id = ? ORDER BY seq DESC LIMIT 1',
  );

  const appendEvent = (sessionId: number, e: NewEvent): number =>
    insEvent.get(
      sessionId,
      e.type,
      e.questionId,
      int(e.atMs),
      int(e.wallMs),
      e.idleFromMs !== undefined ? int(e.idleFromMs) : null,
      e.jumpMs !== undefined ? int(e.jumpMs) : null,
      sessionId,
    )!.seq;

  return {
    appendEvent,
    events: (sessionId: number) => eventRows.all(sessionId).map(toEvent),
    lastEvent: (sessionId: number) => {
      const r = lastEventRow.get(sessionId);
      return r ? toEvent(r) : undefined;
    },
  };
}

/** A session's answers, one row per question with its revision. */
function sessionAnswers(db: Database) {
  const answerRow = db.prepare<[number, number], AnswerRow>(
    'SELECT * FROM session_answers WHERE session_id = ? AND question_id = ?',
  );
  const answerRows = db.prepare<[number], AnswerRow>(
    `SELECT a.* FROM session_answers a JOIN session_questions q
       ON q.session_id = a.session_id AND q.question_id = a.question_id
     WHERE a.session_id = ? ORDER BY q.position`,
  );
  const upsertAnswer = db.prepare<unknown[]>(`
    INSERT INTO session_answers (session_id, question_id, value, unit, scale, confidence, notes,
      evidence, revision, submitted, submitted_at, submitted_active_seconds, late, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (session_id, question_id) DO UPDATE SET
      value = excluded.value, unit = excluded.unit, scale = excluded.scale,
      confidence = excluded.confidence, notes = excluded.notes, evidence = excluded.evidence,
      revision = excluded.revision, submitted = excluded.submitted,
      submitted_at = excluded.submitted_at,
      submitted_active_seconds = excluded.submitted_active_seconds, late = excluded.late,
      updated_at = excluded.updated_at`);

  const writeAnswer = (sessionId: number, questionId: number, revision: number, a: AnswerWrite) =>
    upsertAnswer.run(
      sessionId,
      questionId,
      a.value,
      a.unit,
      a.scale,
      a.confidence,
      a.notes,
      JSON.stringify(a.evidence),
      revision,
      a.submitted ? 1 : 0,
      a.submittedAt,
      a.submittedActiveSeconds,
      a.late ? 1 : 0,
      a.updatedAt,
    );

  /**
   * Writes an answer if the stored revision is still `baseRevision` (0: none stored yet).
   * IMMEDIATE takes the write lock before reading, so two processes cannot both pass the check.
   */
  const saveIfCurrent = writeTransaction(
    db,
    (
      sessionId: number,
      questionId: number,
      baseRevision: number,
      next: (current: SessionAnswer | undefined) => AnswerWrite,
    ): { saved: SessionAnswer } | { conflict: SessionAnswer } => {
      const row = answerRow.get(sessionId, questionId);
      const current = row ? toAnswer(row) : undefined;
      if (current && current.revision !== baseRevision) return { conflict: current };
      writeAnswer(sessionId, questionId, (current?.revision ?? 0) + 1, next(current));
      return { saved: toAnswer(answerRow.get(sessionId, questionId)!) };
    },
  );
  return {
    writeAnswer,
    answer: (sessionId: number, questionId: number) => {
      const r = answerRow.get(sessionId, questionId);
      return r ? toAnswer(r) : undefined;
    },
    answers: (sessionId: number) => answerRows.all(sessionId).map(toAnswer),
    saveIfCurrent: (...args: Parameters<typeof saveIfCurrent>) => saveIfCurrent(...args),
  };
}

/** A session's scratch program runs and its scored verdicts. */
function sessionRunsAndVerdicts(db: Database) {
  const insScratch = db.prepare<unknown[], { id: number }>(`
    INSERT INTO session_scratch (session_id, question_id, program, ok, value, error, logs, reads, at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`);
  const scratchRows = db.prepare<[number], ScratchRow>(
    'SELECT * FROM session_scratch WHERE session_id = ? ORDER BY id',
  );

  const delVerdicts = db.prepare<[number]>('DELETE FROM session_verdicts WHERE session_id = ?');
  const insVerdict = db.prepare<unknown[]>(`
    INSERT INTO session_verdicts (session_id, question_id, scorer, scorer_version, correct, score,
      outcome, rule, prediction, pred_normalized, gold_normalized, gold_version)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const verdictRows = db.prepare<[number], VerdictRow>(
    'SELECT * FROM session_verdicts WHERE session_id = ? ORDER BY question_id, scorer',
  );

  const addScratch = (sessionId: number, r: Omit<ScratchRun, 'id'>): number =>
    insScratch.get(
      sessionId,
      r.questionId,
      r.program,
      r.ok ? 1 : 0,
      r.value === null ? null : JSON.stringify(r.value),
      r.error,
      r.logs,
      r.reads,
      r.at,
    )!.id;

  const replaceVerdicts = writeTransaction(db, (sessionId: number, verdicts: SessionVerdict[]) => {
    delVerdicts.run(sessionId);
    for (const v of verdicts)
      insVerdict.run(
        sessionId,
        v.questionId,
        v.scorer,
        v.scorerVersion,
        v.correct ? 1 : 0,
        v.score,
        v.outcome,
        v.rule,
        v.prediction,
        v.predNormalized,
        v.goldNormalized,
        v.goldVersion ?? null,
      );
  });

  return {
    addScratch,
    scratch: (sessionId: number) => scratchRows.all(sessionId).map(toScratch),
    replaceVerdicts: (sessionId: number, verdicts: SessionVerdict[]) =>
      replaceVerdicts(sessionId, verdicts),
    verdicts: (sessionId: number) => verdictRows.all(sessionId).map(toVerdict),
  };
}

/**
 * All SQL touching expert sessions, by concern (the session rows, its events, its answers, its
 * scratch runs and verdicts). Each call is its own commit (or short transaction).
 */
export const sessionsRepo = perConnection((db: Database) => {
  const rows = sessionRows(db);
  const events = sessionEvents(db);
  const { writeAnswer, ...answers } = sessionAnswers(db);
  const runs = sessionRunsAndVerdicts(db);

  /** A whole imported session (events, answers, scratch runs as they were) in one transaction. */
  const importSession = writeTransaction(
    db,
    (
      s: NewSession,
      eventList: readonly NewEvent[],
      answerList: readonly (AnswerWrite & { questionId: number; revision: number })[],
      scratch: readonly Omit<ScratchRun, 'id'>[],
    ): number => {
      const id = rows.create(s);
      for (const e of eventList) events.appendEvent(id, e);
      for (const a of answerList) writeAnswer(id, a.questionId, a.revision, a);
      for (const r of scratch) runs.addScratch(id, r);
      return id;
    },
  );

  return {
    ...rows,
    create: (s: NewSession) => rows.create(s),
    importSession: (...args: Parameters<typeof importSession>) => importSession(...args),
    ...events,
    ...answers,
    ...runs,
  };
});
export type SessionsRepo = ReturnType<typeof sessionsRepo>;
