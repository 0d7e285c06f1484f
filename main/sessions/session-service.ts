import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { WorkbenchError } from '../../shared/api/result';
import type { StoredQuestion } from '../../shared/datasets';
import { wilson } from '../../shared/stats/wilson';
import { sessionAgreement } from '../../shared/sessions/agreement';
import { readAnswerValue } from '../../shared/sessions/answer-reading';
import { computeClock } from '../../shared/sessions/clock';
import { sampleQuestions, shuffledOrder } from '../../shared/sessions/sampling';
import { MAX_SESSION_QUESTIONS } from '../../shared/sessions/session';
import type {
  AgreementRater,
  AnswerFields,
  ClockSummary,
  SaveAnswerInput,
  SaveAnswerResult,
  ScratchRun,
  Session,
  SessionAgreement,
  SessionAnswer,
  SessionCreateInput,
  SessionDetail,
  SessionEventInput,
  SessionQuestion,
  SessionResults,
  SessionSummary,
  SessionVerdict,
} from '../../shared/sessions/session';
import type { Scorer } from '../../shared/grading/verdict';
import { appVersion } from '../app-paths';
import type { DatasetService } from '../datasets/dataset-service';
import type { DocumentService } from '../document/document-service';
import { sessionsRepo, type AnswerWrite } from '../db/sessions-repo';
import type { QuestionSetService } from '../question-sets/question-set-service';
import type { SecretStore } from '../secrets/secret-store';
import { gradeSession, sessionIsStale, sessionScorerId } from './grade-session';
import { isStale } from '../grading/grading-service';
import { sessionMethod } from '../../shared/runs/method';
import { candidates } from '../question-sets/sample-session';
import { questionSetKey } from '../question-sets/question-set-key';
import { ScratchRunner } from './scratch-runner';
import {
  bundleText,
  exportBundle,
  importBundle,
  importBundleBytes,
  sameExpert,
  type BundleDeps,
  type ImportOptions,
} from './session-bundle';
import { ExpertIdentity } from './expert-identity';
import { sessionCopyKeys } from './copy-keys';
import { systemClock, Timeline, type EventToAppend, type SessionClock } from './timeline';
import { answerFields, emptyAnswer } from '../../shared/sessions/answer-fields';
import { writeTransaction } from '../db/write-transaction';
import { compact } from '../../shared/util/compact';

const sameFields = (a: AnswerFields, b: AnswerFields) =>
  a.value === b.value &&
  a.unit === b.unit &&
  a.scale === b.scale &&
  a.confidence === b.confidence &&
  a.notes === b.notes &&
  JSON.stringify(a.evidence) === JSON.stringify(b.evidence);

/** The questions a new session takes, in the expert's order, and how they were stratified. */
interface ChosenQuestions {
  ids: number[];
  stratify: Session['stratify'];
}

/** Events that are work: the first of them starts a session's clock if `start` was not sent. */
const STARTS_CLOCK = new Set(['input', 'answer-saved', 'submit', 'skip', 'resume', 'unpause']);

export interface SessionServiceDeps {
  db: Database;
  datasets: DatasetService;
  documents: DocumentService;
  /**
   * Where this workspace's expert signing key is kept (main/secrets, its own file): the bundles
   * it exports are signed with it (main/sessions/expert-identity.ts).
   */
  identityStore: SecretStore;
  /** Question sets a session may be made from (`questionSetId`). */
  questionSets?: Pick<QuestionSetService, 'get' | 'questionsNow'>;
  clock?: SessionClock;
}

/**
 * Timed human-expert sessions (docs/sessions.md): create (sampled with a seed), the event log
 * and the clock derived from it, autosaved answers with revisions, calculator runs in the
 * sandbox, finish and grading, results and agreement. The API handlers and the CLI call it.
 * Every write is its own commit: a killed process loses nothing it had answered for.
 */
export class SessionService {
  private readonly timeline: Timeline;
  private readonly scratchRunner: ScratchRunner;
  private readonly identity: ExpertIdentity;

  constructor(private readonly deps: SessionServiceDeps) {
    this.timeline = new Timeline(deps.db, deps.clock ?? systemClock);
    this.scratchRunner = new ScratchRunner(deps.documents);
    this.identity = new ExpertIdentity(deps.identityStore);
  }

  private get repo() {
    return sessionsRepo(this.deps.db);
  }

  private nowIso(): string {
    return new Date(this.timeline.now()).toISOString();
  }

  session(id: number): Session {
    const s = this.repo.session(id);
    if (!s) throw new WorkbenchError('not-found', `no session #${id} in this workspace`);
    return s;
  }

  private openSession(id: number): Session {
    const s = this.session(id);
    if (s.status !== 'open')
      throw new WorkbenchError(
        'unsupported',
        `session #${id} is finished (${s.finishedAt ?? 'imported'}); its answers and clock can no longer change`,
      );
    return s;
  }

  private requireQuestion(s: Session, questionId: number | undefined): number {
    if (questionId === undefined || !s.questionIds.includes(questionId))
      throw new WorkbenchError(
        'invalid-input',
        questionId === undefined
          ? 'this event needs a questionId'
          : `question #${questionId} is not part of session #${s.id}`,
      );
    return questionId;
  }

  /** A question set's questions, in an order drawn from the session's seed. */
  private questionsOfSet(input: SessionCreateInput, setId: number): ChosenQuestions {
    const sets = this.deps.questionSets;
    if (!sets) throw new WorkbenchError('unsupported', 'question sets are not available here');
    const set = sets.get(setId);
    if (set.datasetId !== input.datasetId)
      throw new WorkbenchError(
        'invalid-input',
        `question set "${set.name}" is on another dataset (${set.datasetName})`,
      );
    const questions = sets.questionsNow(set);
    if (questions.length > MAX_SESSION_QUESTIONS)
      throw new WorkbenchError(
        'invalid-input',
        `question set "${set.name}" has ${questions.length} questions; a session takes at most ${MAX_SESSION_QUESTIONS}`,
      );
    // The expert's order is drawn from the session's seed, as for another expert.
    const ids = shuffledOrder(
      questions.map((q) => q.id),
      input.seed,
    );
    return { ids, stratify: set.selection.sample?.stratify ?? 'none' };
  }

  /** Another session's questions (all still in the dataset), in this session's own order. */
  private questionsOfSession(
    input: SessionCreateInput,
    otherId: number,
    stored: readonly { id: number }[],
  ): ChosenQuestions {
    const other = this.session(otherId);
    if (other.datasetId !== input.datasetId)
      throw new WorkbenchError(
        'invalid-input',
        `session #${other.id} is on another dataset (${other.datasetName})`,
      );
    const known = new Set(stored.map((q) => q.id));
    const gone = other.questionIds.filter((id) => !known.has(id));
    if (gone.length > 0)
      throw new WorkbenchError(
        'invalid-input',
        `${gone.length} question(s) of session #${other.id} are no longer in the dataset`,
      );
    return { ids: shuffledOrder(other.questionIds, input.seed), stratify: other.stratify };
  }

  /** The session's questions: a question set's, another session's, or a fresh sample. */
  private chooseQuestions(
    input: SessionCreateInput,
    format: Parameters<typeof candidates>[0],
    stored: readonly StoredQuestion[],
  ): ChosenQuestions {
    if (input.questionSetId !== undefined && input.sameQuestionsAs !== undefined)
      throw new WorkbenchError(
        'invalid-input',
        'a session takes its questions from a question set or from another session, not both',
      );
    if (input.questionSetId !== undefined) return this.questionsOfSet(input, input.questionSetId);
    if (input.sameQuestionsAs !== undefined)
      return this.questionsOfSession(input, input.sameQuestionsAs, stored);
    if (input.questionCount === undefined)
      throw new WorkbenchError(
        'invalid-input',
        'say how many questions to sample (or give a question set, or another session)',
      );
    const c = candidates(format, stored, input.stratify ?? 'none');
    return {
      ids: sampleQuestions(c.candidates, input.questionCount, input.seed),
      stratify: c.stratify,
    };
  }

  create(input: SessionCreateInput): Session {
    const dataset = this.deps.datasets.summary(input.datasetId);
    const stored = this.deps.datasets.storedQuestions(input.datasetId);
    if (stored.length === 0)
      throw new WorkbenchError('invalid-input', `dataset #${dataset.id} has no questions`);
    const { ids, stratify } = this.chooseQuestions(input, dataset.format, stored);
    const byId = new Map(stored.map((q) => [q.id, q]));
    const questions = ids.map((id) => ({ questionId: id, externalId: byId.get(id)!.externalId }));
    const id = this.repo.create({
      datasetId: dataset.id,
      datasetName: dataset.name,
      datasetFormat: dataset.format,
      questionSetKey: questionSetKey(
        dataset.format,
        dataset.name,
        questions.map((q) => q.externalId),
      ),
      seed: input.seed,
      stratify,
      budgetSeconds: input.budgetSeconds,
      perQuestionCapSeconds: input.perQuestionCapSeconds ?? null,
      expert: input.expert,
      instructions: input.instructions ?? '',
      status: 'open',
      createdAt: this.nowIso(),
      finishedAt: null,
      appVersion: appVersion(),
      origin: 'local',
      bundleSha256: null,
      uid: randomUUID(),
      signature: 'local',
      signerFingerprint: null,
      signerPublicKey: null,
      questions,
    });
    return this.session(id);
  }

  list(datasetId?: number): SessionSummary[] {
    return this.repo.list(datasetId).map((s) => {
      const answers = this.repo.answers(s.id);
      return {
        ...s,
        answered: answers.filter((a) => a.value.trim() !== '').length,
        submitted: answers.filter((a) => a.submitted).length,
        activeSeconds: this.clock(s).activeSeconds,
      };
    });
  }

  clock(s: Session): ClockSummary {
    return computeClock(this.repo.events(s.id), {
      budgetSeconds: s.budgetSeconds,
      perQuestionCapSeconds: s.perQuestionCapSeconds,
      questionIds: s.questionIds,
      nowMs: this.timeline.now(),
    });
  }

  /** The questions as the expert sees them: no gold, no evidence, no model answers. */
  questions(s: Session): SessionQuestion[] {
    const stored = this.repo.questions(s.id);
    return stored.map(({ questionId, externalId }, position) => {
      const q = this.storedQuestion(questionId);
      return {
        position,
        id: questionId,
        externalId,
        datasetId: q?.datasetId ?? s.datasetId ?? 0,
        documentId: q?.documentId ?? null,
        documentExternalId: q?.documentExternalId ?? '',
        question: q?.question ?? `(question ${externalId} is no longer in the dataset)`,
        type: q?.type ?? '',
      };
    });
  }

  private storedQuestion(id: number): StoredQuestion | undefined {
    try {
      return this.deps.datasets.question(id);
    } catch (e) {
      if (e instanceof WorkbenchError && e.code === 'not-found') return undefined;
      throw e;
    }
  }

  detail(id: number): SessionDetail {
    const session = this.session(id);
    return {
      session,
      questions: this.questions(session),
      answers: this.repo.answers(id),
      scratch: this.repo.scratch(id),
      clock: this.clock(session),
    };
  }

  /** Appends events, starting the clock first when this is the first work done. */
  private append(s: Session, events: EventToAppend[]): ClockSummary {
    const first = events[0];
    if (
      first &&
      STARTS_CLOCK.has(first.type) &&
      !this.repo.events(s.id).some((e) => e.type === 'start')
    )
      events = [{ type: 'start', questionId: null }, ...events];
    this.timeline.append(s.id, events);
    return this.clock(s);
  }

  event(input: SessionEventInput): ClockSummary {
    const s = this.openSession(input.sessionId);
    const needsQuestion = input.type === 'focus' || input.type === 'skip';
    const questionId = needsQuestion
      ? this.requireQuestion(s, input.questionId)
      : input.questionId !== undefined
        ? this.requireQuestion(s, input.questionId)
        : null;
    if (input.type === 'idle' && input.idleForMs === undefined)
      throw new WorkbenchError(
        'invalid-input',
        'an idle event needs idleForMs: how long ago the last input was',
      );
    if (input.type === 'input') {
      // Heartbeats come at most every ~10 s; a flood (a screen bug) would only grow the log.
      // Dropping one within a second of the same heartbeat moves no segment by more than that.
      const last = this.repo.lastEvent(s.id);
      const since = this.timeline.now() - (last?.wallMs ?? -Infinity);
      if (last?.type === 'input' && last.questionId === questionId && since >= 0 && since < 1000)
        return this.clock(s);
    }
    return this.append(s, [
      {
        type: input.type,
        questionId,
        ...compact({ idleForMs: input.idleForMs }),
      },
    ]);
  }

  saveAnswer(input: SaveAnswerInput): SaveAnswerResult {
    const s = this.openSession(input.sessionId);
    const questionId = this.requireQuestion(s, input.questionId);
    const { sessionId: _s, questionId: _q, baseRevision, ...fields } = input;
    const updatedAt = this.nowIso();
    // A retried save (same content, answered already) is the same save, not a conflict.
    const stored = this.repo.answer(s.id, questionId);
    if (stored && stored.revision === baseRevision + 1) {
      const merged = { ...answerFields(stored), ...compact(fields) };
      if (sameFields(merged, stored))
        return { status: 'saved', answer: stored, clock: this.clock(s) };
    }
    const r = this.repo.saveIfCurrent(s.id, questionId, baseRevision, (current) => {
      const base = current ? answerFields(current) : emptyAnswer();
      const next = { ...base, ...compact(fields) };
      const changed = !current || !sameFields(next, current);
      // Changing a submitted answer takes it back: the expert submits it again.
      const keepSubmit = current?.submitted === true && !changed;
      const write: AnswerWrite = {
        ...next,
        submitted: keepSubmit,
        submittedAt: keepSubmit ? current.submittedAt : null,
        submittedActiveSeconds: keepSubmit ? current.submittedActiveSeconds : null,
        late: keepSubmit ? current.late : false,
        updatedAt,
      };
      return write;
    });
    if ('conflict' in r) return conflict(r.conflict);
    const clock = this.append(s, [{ type: 'answer-saved', questionId }]);
    return { status: 'saved', answer: r.saved, clock };
  }

  submit(input: { sessionId: number; questionId: number; baseRevision: number }): SaveAnswerResult {
    const s = this.openSession(input.sessionId);
    const questionId = this.requireQuestion(s, input.questionId);
    const current = this.repo.answer(s.id, questionId);
    if (!current)
      throw new WorkbenchError(
        'invalid-input',
        `question #${questionId} has no saved answer to submit; save it first`,
      );
    const reading = readAnswerValue(current.value);
    if (reading.kind === 'malformed')
      throw new WorkbenchError(
        'invalid-input',
        `${reading.message}. The answer is saved as typed; correct it and submit again`,
      );
    const before = this.clock(s);
    const onQuestion = before.perQuestion.find((q) => q.questionId === questionId);
    const submittedAt = this.nowIso();
    const r = this.repo.saveIfCurrent(s.id, questionId, input.baseRevision, (cur) => ({
      ...answerFields(cur ?? current),
      submitted: true,
      submittedAt,
      submittedActiveSeconds: onQuestion?.activeSeconds ?? 0,
      late: before.exhausted,
      updatedAt: submittedAt,
    }));
    if ('conflict' in r) return conflict(r.conflict);
    const clock = this.append(s, [{ type: 'submit', questionId }]);
    return { status: 'saved', answer: r.saved, clock };
  }

  async scratch(input: {
    sessionId: number;
    questionId: number;
    program: string;
  }): Promise<ScratchRun> {
    const s = this.openSession(input.sessionId);
    const questionId = this.requireQuestion(s, input.questionId);
    const q = this.storedQuestion(questionId);
    const result = await this.scratchRunner.run(q?.documentId ?? null, input.program);
    const run = { questionId, program: input.program, at: this.nowIso(), ...result };
    const id = this.repo.addScratch(s.id, run);
    // Running a calculation is work on the question.
    this.append(s, [{ type: 'input', questionId }]);
    return { id, ...run };
  }

  /** Ends the session (idempotent for a finished one) and grades what was submitted. */
  finish(sessionId: number): { session: Session; clock: ClockSummary } {
    const s = this.session(sessionId);
    if (s.status === 'open') {
      // The finish event and the status change commit together.
      writeTransaction(this.deps.db, () => {
        this.timeline.append(s.id, [{ type: 'finish', questionId: null }]);
        this.repo.finish(s.id, this.nowIso());
      })();
      this.grade(s.id);
    }
    const session = this.session(sessionId);
    return { session, clock: this.clock(session) };
  }

  /** (Re-)grades a finished session's submitted answers against the gold stored now. */
  grade(sessionId: number): void {
    const s = this.session(sessionId);
    const verdicts = gradeSession(s.datasetFormat, this.repo.answers(s.id), (id) =>
      this.storedQuestion(id),
    );
    this.repo.replaceVerdicts(s.id, verdicts);
  }

  /**
   * A finished session's submitted answers graded by another scorer, without storing anything
   * (the gap view against a run reported by another of its scorers): the same grading service,
   * answers and gold as the stored verdicts.
   */
  gradeWith(sessionId: number, scorer: Scorer): SessionVerdict[] {
    const s = this.session(sessionId);
    return gradeSession(
      s.datasetFormat,
      this.repo.answers(s.id),
      (id) => this.storedQuestion(id),
      scorer,
    );
  }

  /**
   * Finished sessions whose verdicts are stale (another scorer than the format's default, an
   * older scorer version, another gold version, a submitted answer without a verdict) graded
   * again; answers the sessions whose verdicts changed, with how many flipped.
   */
  regradeStale(
    sessionIds?: readonly number[],
  ): { sessionId: number; verdicts: number; flipped: number }[] {
    const out: { sessionId: number; verdicts: number; flipped: number }[] = [];
    for (const s of this.repo.list()) {
      if (s.status !== 'finished') continue;
      if (sessionIds && !sessionIds.includes(s.id)) continue;
      const question = (id: number) => this.storedQuestion(id);
      const before = this.repo.verdicts(s.id);
      if (!sessionIsStale(s.datasetFormat, this.repo.answers(s.id), before, question)) continue;
      this.grade(s.id);
      const was = new Map(before.map((v) => [v.questionId, v.correct]));
      const now = this.repo.verdicts(s.id);
      out.push({
        sessionId: s.id,
        verdicts: now.length,
        flipped: now.filter((v) => was.has(v.questionId) && was.get(v.questionId) !== v.correct)
          .length,
      });
    }
    return out;
  }

  results(sessionId: number): SessionResults {
    const s = this.session(sessionId);
    if (s.status !== 'finished')
      throw new WorkbenchError(
        'unsupported',
        `session #${s.id} is still open: results (and gold) are shown after it is finished`,
      );
    const clock = this.clock(s);
    const answers = new Map(this.repo.answers(s.id).map((a) => [a.questionId, a]));
    const verdicts = new Map(this.repo.verdicts(s.id).map((v) => [v.questionId, v]));
    const seconds = new Map(clock.perQuestion.map((q) => [q.questionId, q.activeSeconds]));
    const items = this.questions(s).map((q) => {
      const stored = this.storedQuestion(q.id);
      const gold = stored?.gold.shown ?? stored?.gold.answer ?? null;
      return {
        questionId: q.id,
        position: q.position,
        externalId: q.externalId,
        question: q.question,
        type: q.type,
        answer: answers.get(q.id) ?? null,
        activeSeconds: seconds.get(q.id) ?? 0,
        verdict: verdicts.get(q.id) ?? null,
        gold:
          gold === null
            ? ''
            : `${typeof gold === 'string' ? gold : JSON.stringify(gold)}${stored?.scale ? ` (${stored.scale})` : ''}`,
      };
    });
    const correct = items.filter((i) => i.verdict?.correct === true).length;
    const total = items.length;
    return {
      session: s,
      scorer: sessionScorerId(s.datasetFormat),
      accuracy: {
        correct,
        total,
        submitted: items.filter((i) => i.answer?.submitted === true).length,
        rate: total === 0 ? 0 : correct / total,
        wilson95: wilson(correct, total),
      },
      activeSeconds: clock.activeSeconds,
      items,
      method: sessionMethod(
        s.datasetFormat,
        items.flatMap((i) =>
          i.verdict
            ? [
                {
                  ...i.verdict,
                  stale:
                    i.verdict.scorer !== sessionScorerId(s.datasetFormat) ||
                    isStale(i.verdict, s.datasetFormat, this.storedQuestion(i.questionId)),
                },
              ]
            : [],
        ),
      ),
    };
  }

  /**
   * Agreement of finished sessions on one question set. One session counts once, whatever
   * arrived twice: sessions with the same uid, the same answers and event log (a copy, or data
   * imported before uids existed), or the same signer (key, or this workspace, and expert name)
   * are one expert; the first given is counted and the others are listed as `excluded`.
   */
  agreement(sessionIds: number[]): SessionAgreement {
    const sessions = [...new Set(sessionIds)].map((id) => this.session(id));
    if (sessions.length < 2)
      throw new WorkbenchError('invalid-input', 'agreement needs at least two different sessions');
    const open = sessions.filter((s) => s.status !== 'finished');
    if (open.length > 0)
      throw new WorkbenchError(
        'unsupported',
        `session(s) ${open.map((s) => `#${s.id}`).join(', ')} are still open; agreement is computed on finished sessions`,
      );
    const key = sessions[0]!.questionSetKey;
    const other = sessions.find((s) => s.questionSetKey !== key);
    if (other)
      throw new WorkbenchError(
        'invalid-input',
        `session #${other.id} is on a different question set than #${sessions[0]!.id}; agreement compares experts on the same questions`,
      );
    const { counted, excluded } = this.oneSessionPerExpert(sessions);
    if (counted.length < 2)
      throw new WorkbenchError(
        'invalid-input',
        `agreement needs two different experts: ${excluded.map((x) => `#${x.sessionId} counts as #${x.sameAs}, ${x.reason}`).join('; ')}`,
      );
    // Sessions on the same set may come from different workspaces' ids: match by external id.
    const externalOf = (s: Session) =>
      new Map(this.repo.questions(s.id).map((q) => [q.questionId, q.externalId]));
    const ids = new Map<string, number>();
    const externalIds = new Map<number, string>();
    const raters = counted.map((s) => {
      const ext = externalOf(s);
      const correct = new Map<number, boolean>();
      for (const v of this.repo.verdicts(s.id)) {
        const e = ext.get(v.questionId);
        if (e === undefined || v.outcome === 'error') continue;
        if (!ids.has(e)) ids.set(e, v.questionId);
        const qid = ids.get(e)!;
        externalIds.set(qid, e);
        correct.set(qid, v.correct);
      }
      return { sessionId: s.id, expert: s.expert, correct };
    });
    return {
      ...sessionAgreement(raters, externalIds),
      raters: counted.map((s): AgreementRater => ({
        sessionId: s.id,
        expert: s.expert,
        signature: s.signature,
        fingerprint: s.signerFingerprint,
      })),
      excluded,
    };
  }

  /** The sessions that are different experts, in the order given, and why the others are not. */
  private oneSessionPerExpert(sessions: Session[]): {
    counted: Session[];
    excluded: SessionAgreement['excluded'];
  } {
    const counted: { session: Session; copyKeys: string[] }[] = [];
    const excluded: SessionAgreement['excluded'] = [];
    /** Who vouches for a session: this workspace, a signing key, or nobody (unsigned). */
    const signer = (s: Session) =>
      s.signature === 'local'
        ? 'made here'
        : s.signature === 'signed'
          ? `key ${s.signerFingerprint ?? '?'}`
          : 'unsigned';
    for (const s of sessions) {
      const keys = sessionCopyKeys(this.repo, s.id);
      let reason: string | undefined;
      const same = counted.find(({ session: c, copyKeys: ck }) => {
        if (s.uid !== null && c.uid === s.uid) reason = `the same session (uid ${s.uid})`;
        else if (keys.some((k) => ck.includes(k))) reason = 'a copy (the same event log)';
        else if (signer(c) === signer(s) && sameExpert(c.expert, s.expert))
          reason = `the same expert (${s.expert}, ${signer(s)})`;
        else return false;
        return true;
      });
      if (same && reason) excluded.push({ sessionId: s.id, sameAs: same.session.id, reason });
      else counted.push({ session: s, copyKeys: keys });
    }
    return { counted: counted.map((c) => c.session), excluded };
  }

  private bundleDeps(): BundleDeps {
    return {
      db: this.deps.db,
      datasets: this.deps.datasets,
      appVersion: appVersion(),
      nowIso: () => this.nowIso(),
      nowMs: () => this.timeline.now(),
      question: (id) => this.storedQuestion(id),
      grade: (id) => this.grade(id),
      identity: this.identity,
    };
  }

  exportBundle(sessionId: number, path: string) {
    return exportBundle(this.bundleDeps(), sessionId, path);
  }

  importBundle(path: string, options: ImportOptions = {}) {
    return importBundle(this.bundleDeps(), path, options);
  }

  /** The bundle as bytes, for web mode's download. */
  async bundleBytes(sessionId: number): Promise<{
    name: string;
    sha256: string;
    fingerprint: string;
    bytes: Uint8Array<ArrayBuffer>;
  }> {
    const { text, sha256, name, fingerprint } = await bundleText(this.bundleDeps(), sessionId);
    return { name, sha256, fingerprint, bytes: new TextEncoder().encode(text) };
  }

  importBundleBytes(name: string, bytes: Uint8Array, options: ImportOptions = {}) {
    return importBundleBytes(this.bundleDeps(), name, bytes, options);
  }

  remove(sessionId: number): boolean {
    return this.repo.remove(sessionId);
  }

  async close(): Promise<void> {
    await this.scratchRunner.close();
  }
}

function conflict(current: SessionAnswer): SaveAnswerResult {
  return {
    status: 'conflict',
    message: `this answer was changed elsewhere (another window?) and is now at revision ${current.revision}; reload it before saving again`,
    current,
  };
}
