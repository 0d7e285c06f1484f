import type { Database } from 'better-sqlite3';
import type { ChatMessage } from '../../../shared/llm/provider';
import type {
  JudgementStatus,
  PairJudgementRecord,
  StoredJudgement,
} from '../../../shared/runs/judge';
import type { JudgeVerdictValue, PairChoice } from '../../../shared/runs/judge-verdict';
import { perConnection } from '../../db/per-connection';

/** What every stored judgement says about how it was made. */
export interface JudgementMeta {
  judgeModel: string;
  /** `baseUrl` or `provider #id`, with the key's secret name at most (never a key). */
  endpoint: string;
  rubricId: string;
  rubricHash: string;
  contentHash: string;
  prompt: ChatMessage[];
  reply: string;
  status: JudgementStatus;
  reason: string;
  inputTokens: number;
  outputTokens: number;
  latencyMs: number;
}

export interface NewJudgement extends JudgementMeta {
  runId: number;
  itemId: number;
  verdict: JudgeVerdictValue | null;
  score: number | null;
}

export interface NewPairJudgement extends JudgementMeta {
  firstRun: number;
  secondRun: number;
  firstItem: number;
  secondItem: number;
  externalId: string;
  choice: PairChoice | null;
}

interface JudgementRow {
  item_id: number;
  external_id: string;
  judge_model: string;
  endpoint: string;
  rubric_id: string;
  rubric_hash: string;
  content_hash: string;
  prompt: string;
  reply: string;
  status: JudgementStatus;
  verdict: JudgeVerdictValue | null;
  score: number | null;
  reason: string;
  input_tokens: number;
  output_tokens: number;
  latency_ms: number;
  created_at: string;
}

const toJudgement = (r: JudgementRow): StoredJudgement => ({
  itemId: r.item_id,
  externalId: r.external_id,
  judgeModel: r.judge_model,
  endpoint: r.endpoint,
  rubricId: r.rubric_id,
  rubricHash: r.rubric_hash,
  contentHash: r.content_hash,
  prompt: JSON.parse(r.prompt) as ChatMessage[],
  reply: r.reply,
  status: r.status,
  verdict: r.verdict,
  score: r.score,
  reason: r.reason,
  inputTokens: r.input_tokens,
  outputTokens: r.output_tokens,
  latencyMs: r.latency_ms,
  createdAt: r.created_at,
});

/** A judgement's shared columns as the statements bind them (the prompt as JSON). */
const metaParams = (j: JudgementMeta, at: string) => ({
  ...j,
  prompt: JSON.stringify(j.prompt),
  createdAt: at,
});

/** One item's judgements (run_judgements): written, read back, and what can be re-used. */
function pointwiseJudgements(db: Database) {
  const put = db.prepare(
    `INSERT INTO run_judgements (run_id, item_id, judge_model, endpoint, rubric_id, rubric_hash,
       content_hash, prompt, reply, status, verdict, score, reason, input_tokens, output_tokens,
       latency_ms, created_at)
     VALUES (@runId, @itemId, @judgeModel, @endpoint, @rubricId, @rubricHash, @contentHash,
       @prompt, @reply, @status, @verdict, @score, @reason, @inputTokens, @outputTokens,
       @latencyMs, @createdAt)
     ON CONFLICT (item_id, judge_model, rubric_hash) DO UPDATE SET endpoint = excluded.endpoint,
       content_hash = excluded.content_hash, prompt = excluded.prompt, reply = excluded.reply,
       status = excluded.status, verdict = excluded.verdict, score = excluded.score,
       reason = excluded.reason, input_tokens = excluded.input_tokens,
       output_tokens = excluded.output_tokens, latency_ms = excluded.latency_ms,
       created_at = excluded.created_at`,
  );
  const ofRun = db.prepare<[number], JudgementRow>(
    `SELECT j.*, i.external_id FROM run_judgements j JOIN run_items i ON i.id = j.item_id
     WHERE j.run_id = ? ORDER BY j.judge_model, j.rubric_id, j.item_id`,
  );
  const hashesOf = db.prepare<[number, string, string], { item_id: number; content_hash: string }>(
    'SELECT item_id, content_hash FROM run_judgements WHERE run_id = ? AND judge_model = ? AND rubric_hash = ?',
  );
  return {
    /** Writes (or replaces, for a changed answer or gold) one item's judgement. */
    put(j: NewJudgement, at = new Date().toISOString()): void {
      put.run({
        ...metaParams(j, at),
        runId: j.runId,
        itemId: j.itemId,
        verdict: j.verdict,
        score: j.score,
      });
    },
    /** Every judgement of a run, all judges and rubrics. */
    ofRun(runId: number): StoredJudgement[] {
      return ofRun.all(runId).map(toJudgement);
    },
    /** item id → hash of what was judged, for one judge and rubric (what can be re-used). */
    judgedHashes(runId: number, judgeModel: string, rubricHash: string): Map<number, string> {
      return new Map(
        hashesOf.all(runId, judgeModel, rubricHash).map((r) => [r.item_id, r.content_hash]),
      );
    },
  };
}

/** Two runs' answers compared (run_pair_judgements): written, re-use hashes, read back. */
function pairJudgements(db: Database) {
  const putPair = db.prepare(
    `INSERT INTO run_pair_judgements (first_run, second_run, first_item, second_item, external_id,
       judge_model, endpoint, rubric_id, rubric_hash, content_hash, prompt, reply, status, choice,
       reason, input_tokens, output_tokens, latency_ms, created_at)
     VALUES (@firstRun, @secondRun, @firstItem, @secondItem, @externalId, @judgeModel, @endpoint,
       @rubricId, @rubricHash, @contentHash, @prompt, @reply, @status, @choice, @reason,
       @inputTokens, @outputTokens, @latencyMs, @createdAt)
     ON CONFLICT (first_item, second_item, judge_model, rubric_hash) DO UPDATE SET
       endpoint = excluded.endpoint, content_hash = excluded.content_hash,
       prompt = excluded.prompt, reply = excluded.reply, status = excluded.status,
       choice = excluded.choice, reason = excluded.reason, input_tokens = excluded.input_tokens,
       output_tokens = excluded.output_tokens, latency_ms = excluded.latency_ms,
       created_at = excluded.created_at`,
  );
  const pairHashes = db.prepare<
    [string, string],
    { first_item: number; second_item: number; content_hash: string }
  >(
    'SELECT first_item, second_item, content_hash FROM run_pair_judgements WHERE judge_model = ? AND rubric_hash = ?',
  );
  const pairsOf = db.prepare<
    { ids: string },
    {
      first_run: number;
      second_run: number;
      external_id: string;
      status: JudgementStatus;
      choice: PairChoice | null;
      judge_model: string;
      rubric_id: string;
    }
  >(
    `SELECT first_run, second_run, external_id, status, choice, judge_model, rubric_id
     FROM run_pair_judgements
     WHERE first_run IN (SELECT value FROM json_each(@ids)) AND second_run IN (SELECT value FROM json_each(@ids))`,
  );

  return {
    putPair(j: NewPairJudgement, at = new Date().toISOString()): void {
      putPair.run({
        ...metaParams(j, at),
        firstRun: j.firstRun,
        secondRun: j.secondRun,
        firstItem: j.firstItem,
        secondItem: j.secondItem,
        externalId: j.externalId,
        choice: j.choice,
      });
    },
    /** `first item:second item` → hash of what was compared, for one judge and rubric. */
    pairHashes(judgeModel: string, rubricHash: string): Map<string, string> {
      return new Map(
        pairHashes
          .all(judgeModel, rubricHash)
          .map((r) => [`${r.first_item}:${r.second_item}`, r.content_hash]),
      );
    },
    /** Pairwise judgements among these runs (both runs in the list), every judge and rubric. */
    pairsAmong(
      runIds: readonly number[],
    ): (PairJudgementRecord & { judgeModel: string; rubricId: string })[] {
      return pairsOf.all({ ids: JSON.stringify(runIds) }).map((r) => ({
        firstRun: r.first_run,
        secondRun: r.second_run,
        externalId: r.external_id,
        status: r.status,
        choice: r.choice,
        judgeModel: r.judge_model,
        rubricId: r.rubric_id,
      }));
    },
  };
}

/** All SQL of the judge's tables (migration 0015). */
export const judgeRepo = perConnection((db: Database) => ({
  ...pointwiseJudgements(db),
  ...pairJudgements(db),
}));
export type JudgeRepo = ReturnType<typeof judgeRepo>;
