import type { Database } from 'better-sqlite3';
import { WorkbenchError } from '../../shared/api/result';
import type { Gold, StoredQuestion } from '../../shared/datasets';
import type {
  DisputeDecideInput,
  DisputeDecideResult,
  DisputeListInput,
  DisputeRaiseInput,
  GoldDispute,
  GoldHistory,
  RegradeReport,
} from '../../shared/disputes/dispute';
import type { DatasetService } from '../datasets/dataset-service';
import { disputesRepo } from '../db/disputes-repo';
import { sessionsRepo } from '../db/sessions-repo';
import { datasetContentHash } from '../runs/dataset-hash';
import { regradeQuestionInRun } from '../runs/regrade';
import type { SessionService } from '../sessions/session-service';

export interface DisputeServiceDeps {
  db: Database;
  datasets: DatasetService;
  sessions: SessionService;
  now?: () => Date;
}

/** Who raised or decided when the caller does not say (the CLI without --by). */
const UNNAMED = 'unnamed reviewer';

/**
 * Gold disputes (docs/disputes.md): raise a correction, list them, accept (a new gold version,
 * then every run and finished session re-graded on that question with its own scorers, no model
 * calls) or reject (nothing else changes). The API handlers and the CLI call it.
 */
export class DisputeService {
  constructor(private readonly deps: DisputeServiceDeps) {}

  private get repo() {
    return disputesRepo(this.deps.db);
  }

  private nowIso(): string {
    return (this.deps.now?.() ?? new Date()).toISOString();
  }

  dispute(id: number): GoldDispute {
    const d = this.repo.get(id);
    if (!d) throw new WorkbenchError('not-found', `no gold dispute #${id} in this workspace`);
    return d;
  }

  /**
   * A proposed correction of the question's current gold: its answer replaced. The derivation,
   * program and printed form explained the old answer, so they are not carried over.
   */
  raise(input: DisputeRaiseInput): GoldDispute {
    const q = this.deps.datasets.question(input.questionId);
    const { shown: _shown, program: _program, derivation: _derivation, ...kept } = q.gold;
    const proposed: Gold = { ...kept, answer: input.answer };
    const id = this.repo.raise(
      q.id,
      proposed,
      input.reason.trim(),
      input.raisedBy?.trim() ?? UNNAMED,
      this.nowIso(),
    );
    return this.dispute(id);
  }

  list(filter: DisputeListInput = {}): GoldDispute[] {
    return this.repo.list(filter);
  }

  decide(input: DisputeDecideInput): DisputeDecideResult {
    const d = this.dispute(input.disputeId);
    if (d.status !== 'open')
      throw new WorkbenchError(
        'unsupported',
        `gold dispute #${d.id} was already ${d.status} (${d.decidedAt ?? ''} by ${d.decidedBy ?? ''})`,
      );
    const by = input.decidedBy?.trim() ?? UNNAMED;
    const note = input.note?.trim() ? input.note.trim() : null;
    if (input.decision === 'reject') {
      this.repo.reject(d.id, by, this.nowIso(), note);
      return { dispute: this.dispute(d.id), regrade: null };
    }
    const { regrade } = this.accept(d, by, note);
    return { dispute: this.dispute(d.id), regrade };
  }

  private accept(d: GoldDispute, by: string, note: string | null): { regrade: RegradeReport } {
    const before = datasetContentHash(this.deps.datasets.storedQuestions(d.datasetId));
    const version = this.repo.accept(d, by, this.nowIso(), note);
    const questions = this.deps.datasets.storedQuestions(d.datasetId);
    const after = datasetContentHash(questions);
    const question = questions.find((q) => q.id === d.questionId)!;
    // Each run in its own transaction (regradeQuestionInRun): a crash half-way leaves some runs
    // re-graded and the others reported as graded against an older dataset, never a torn run.
    const runs = this.repo
      .runsOfDataset(d.datasetId)
      .map((runId) => regradeQuestionInRun(this.deps.db, runId, question, { before, after }))
      .filter((r) => r.verdicts > 0);
    const sessions = this.repo
      .finishedSessionsWith(d.questionId)
      .map((sessionId) => this.regradeSession(sessionId, question));
    return {
      regrade: {
        questionId: d.questionId,
        version,
        runs,
        sessions,
        runsTouched: runs.length,
        sessionsTouched: sessions.length,
        verdictsFlipped:
          runs.reduce((n, r) => n + r.flipped, 0) + sessions.reduce((n, s) => n + s.flipped, 0),
      },
    };
  }

  /** A finished session graded again with its own scorer (one transaction, SessionService). */
  private regradeSession(sessionId: number, question: StoredQuestion) {
    const repo = sessionsRepo(this.deps.db);
    const on = () => repo.verdicts(sessionId).filter((v) => v.questionId === question.id);
    const old = new Map(on().map((v) => [v.scorer, v.correct]));
    this.deps.sessions.grade(sessionId);
    const fresh = on();
    return {
      sessionId,
      verdicts: fresh.length,
      flipped: fresh.filter((v) => old.has(v.scorer) && old.get(v.scorer) !== v.correct).length,
    };
  }

  /** The question's gold over time: current, the dataset's original, versions and disputes. */
  history(questionId: number): GoldHistory {
    const q = this.deps.datasets.question(questionId);
    const versions = this.repo.versions(questionId);
    const lastDispute = versions.filter((v) => v.source === 'dispute').at(-1);
    return {
      current: q.gold,
      currentSource: lastDispute ? 'dispute' : 'dataset',
      original: versions[0]?.gold ?? this.repo.datasetGold(questionId) ?? q.gold,
      versions,
      disputes: this.repo.list({ questionId }),
      datasetChangedSinceCorrection:
        lastDispute !== undefined &&
        versions.some((v) => v.source === 'dataset' && v.version > lastDispute.version),
    };
  }
}
