import type { Database } from 'better-sqlite3';
import { Gold } from '../../shared/datasets/question';
import type {
  DisputeListInput,
  DisputeStatus,
  GoldDispute,
  GoldSource,
  GoldVersion,
} from '../../shared/disputes/dispute';
import { perConnection } from './per-connection';
import { writeTransaction } from './write-transaction';

interface DisputeRow {
  id: number;
  question_id: number;
  external_id: string;
  dataset_id: number;
  proposed: string;
  reason: string;
  raised_by: string;
  raised_at: string;
  status: DisputeStatus;
  decided_by: string | null;
  decided_at: string | null;
  decision_note: string | null;
}

interface VersionRow {
  version: number;
  gold: string;
  source: GoldSource;
  dispute_id: number | null;
  created_at: string;
}

const toDispute = (r: DisputeRow): GoldDispute => ({
  id: r.id,
  questionId: r.question_id,
  externalId: r.external_id,
  datasetId: r.dataset_id,
  proposed: Gold.parse(JSON.parse(r.proposed)),
  reason: r.reason,
  raisedBy: r.raised_by,
  raisedAt: r.raised_at,
  status: r.status,
  decidedBy: r.decided_by,
  decidedAt: r.decided_at,
  decisionNote: r.decision_note,
});

const toVersion = (r: VersionRow): GoldVersion => ({
  version: r.version,
  gold: Gold.parse(JSON.parse(r.gold)),
  source: r.source,
  disputeId: r.dispute_id,
  createdAt: r.created_at,
});

const SELECT_DISPUTE = `SELECT g.*, q.external_id, q.dataset_id FROM gold_disputes g
  JOIN questions q ON q.id = g.question_id`;

/** A question's gold versions and the dataset file's gold they start from. */
function goldVersions(db: Database) {
  const versionsOf = db.prepare<[number], VersionRow>(
    'SELECT * FROM gold_versions WHERE question_id = ? ORDER BY version',
  );
  const insVersion = db.prepare<[number, number, string, string, number | null, string]>(
    `INSERT INTO gold_versions (question_id, version, gold, source, dispute_id, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const datasetGold = db.prepare<[number], { gold: string }>(
    'SELECT gold FROM questions WHERE id = ?',
  );
  return {
    /**
     * The accepted correction as a new version, with version 0 (the dataset's gold it replaces)
     * written first when the question had none yet. Answers the new version's number.
     */
    addCorrection: (dispute: GoldDispute, at: string): number => {
      const versions = versionsOf.all(dispute.questionId);
      if (versions.length === 0)
        insVersion.run(
          dispute.questionId,
          0,
          datasetGold.get(dispute.questionId)!.gold,
          'dataset',
          null,
          at,
        );
      const next = versions.length === 0 ? 1 : versions[versions.length - 1]!.version + 1;
      insVersion.run(
        dispute.questionId,
        next,
        JSON.stringify(dispute.proposed),
        'dispute',
        dispute.id,
        at,
      );
      return next;
    },
    versions: (questionId: number): GoldVersion[] => versionsOf.all(questionId).map(toVersion),
    /** The dataset file's gold for the question (questions.gold), whatever is current. */
    datasetGold: (questionId: number): Gold | undefined => {
      const r = datasetGold.get(questionId);
      return r ? Gold.parse(JSON.parse(r.gold)) : undefined;
    },
  };
}

/** All SQL touching gold disputes and gold versions (migration 13). */
export const disputesRepo = perConnection((db: Database) => {
  const ins = db.prepare<[number, string, string, string, string], { id: number }>(
    `INSERT INTO gold_disputes (question_id, proposed, reason, raised_by, raised_at, status)
     VALUES (?, ?, ?, ?, ?, 'open') RETURNING id`,
  );
  const byId = db.prepare<[number], DisputeRow>(`${SELECT_DISPUTE} WHERE g.id = ?`);
  const filtered = db.prepare<
    [number | null, number | null, number | null, number | null, string | null, string | null],
    DisputeRow
  >(
    `${SELECT_DISPUTE} WHERE (? IS NULL OR q.dataset_id = ?) AND (? IS NULL OR g.question_id = ?)
       AND (? IS NULL OR g.status = ?) ORDER BY g.id`,
  );
  const decide = db.prepare<[DisputeStatus, string, string, string | null, number]>(
    `UPDATE gold_disputes SET status = ?, decided_by = ?, decided_at = ?, decision_note = ?
     WHERE id = ? AND status = 'open'`,
  );
  const gold = goldVersions(db);
  const runsOfDataset = db.prepare<[number], { id: number }>(
    'SELECT id FROM runs WHERE dataset_id = ? ORDER BY id',
  );
  const sessionsWith = db.prepare<[number], { id: number }>(
    `SELECT s.id FROM sessions s JOIN session_questions sq ON sq.session_id = s.id
     WHERE sq.question_id = ? AND s.status = 'finished' ORDER BY s.id`,
  );

  /** Decides the dispute and writes its correction as the question's next gold version. */
  const accept = writeTransaction(
    db,
    (dispute: GoldDispute, decidedBy: string, at: string, note: string | null): number => {
      if (decide.run('accepted', decidedBy, at, note, dispute.id).changes !== 1)
        throw new Error(`dispute #${dispute.id} is no longer open`);
      return gold.addCorrection(dispute, at);
    },
  );

  return {
    raise: (questionId: number, proposed: Gold, reason: string, raisedBy: string, at: string) =>
      ins.get(questionId, JSON.stringify(proposed), reason, raisedBy, at)!.id,
    get: (id: number): GoldDispute | undefined => {
      const r = byId.get(id);
      return r ? toDispute(r) : undefined;
    },
    list: (f: DisputeListInput): GoldDispute[] =>
      filtered
        .all(
          f.datasetId ?? null,
          f.datasetId ?? null,
          f.questionId ?? null,
          f.questionId ?? null,
          f.status ?? null,
          f.status ?? null,
        )
        .map(toDispute),
    accept: (dispute: GoldDispute, decidedBy: string, at: string, note: string | null) =>
      accept(dispute, decidedBy, at, note),
    reject: (id: number, decidedBy: string, at: string, note: string | null) =>
      decide.run('rejected', decidedBy, at, note, id).changes === 1,
    versions: gold.versions,
    datasetGold: gold.datasetGold,
    runsOfDataset: (datasetId: number) => runsOfDataset.all(datasetId).map((r) => r.id),
    finishedSessionsWith: (questionId: number) => sessionsWith.all(questionId).map((r) => r.id),
  };
});
export type DisputesRepo = ReturnType<typeof disputesRepo>;
