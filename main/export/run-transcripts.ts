import type { Database } from 'better-sqlite3';
import type { StoredQuestion } from '../../shared/datasets';
import type { RunItem } from '../../shared/runs/run';
import type { DatasetService } from '../datasets/dataset-service';
import type { RunService } from '../runs/run-service';
import {
  TRANSCRIPT_SCHEMA,
  type TranscriptHeader,
  type TranscriptLine,
  type TranscriptVerdict,
} from './transcript';

/** Items read per query: an export of a big run never holds all of its items at once. */
export const EXPORT_BATCH = 200;

interface ItemRow {
  id: number;
  question_id: number | null;
  external_id: string;
  output: string | null;
  answer: string | null;
  answer_kind: RunItem['answerKind'];
  answer_scale: string | null;
  program: string | null;
  execution: string | null;
  usage: string | null;
  latency_ms: number | null;
  error: string | null;
}

interface VerdictRow {
  item_id: number;
  scorer: string;
  scorer_version: string;
  correct: number;
  score: number;
  outcome: TranscriptVerdict['outcome'];
  rule: string;
  extracted: string | null;
  pred_normalized: string;
  gold_normalized: string;
}

const parsed = <T>(s: string | null): T | null => (s === null ? null : (JSON.parse(s) as T));

export interface RunTranscriptDeps {
  db: Database;
  runs: RunService;
  datasets: DatasetService;
}

export function runHeader(deps: RunTranscriptDeps, runId: number): TranscriptHeader {
  const { summary, manifest } = deps.runs.get(runId);
  return {
    kind: 'run',
    id: runId,
    title: `Run #${runId}: ${summary.model}${summary.mode ? ` (${summary.mode})` : ''} on ${manifest.dataset.name}`,
    by: summary.model,
    mode: summary.mode,
    datasetId: summary.datasetId,
    datasetName: manifest.dataset.name,
    datasetFormat: manifest.dataset.format,
    scorers: manifest.scorers.map((s) => s.id),
    items: summary.done,
    activeSeconds: null,
  };
}

/**
 * A run's items as transcript lines, read from the database a batch at a time (keyset on the
 * item id, so items committed meanwhile by a running engine never shift a page).
 */
export async function* runTranscripts(
  deps: RunTranscriptDeps,
  header: TranscriptHeader,
  batch = EXPORT_BATCH,
): AsyncGenerator<TranscriptLine> {
  const page = deps.db.prepare<[number, number, number], ItemRow>(
    'SELECT * FROM run_items WHERE run_id = ? AND id > ? ORDER BY id LIMIT ?',
  );
  const verdictsOf = deps.db.prepare<[number, number, number], VerdictRow>(
    'SELECT * FROM run_verdicts WHERE run_id = ? AND item_id BETWEEN ? AND ? ORDER BY item_id, scorer',
  );
  // Questions are small (text and gold; documents are apart): one read for the whole run.
  const questions = new Map<number, StoredQuestion>(
    header.datasetId === null
      ? []
      : deps.datasets.storedQuestions(header.datasetId).map((q) => [q.id, q]),
  );
  const order = new Map(header.scorers.map((s, i) => [s, i]));
  let after = 0;
  let position = 0;
  for (;;) {
    const rows = page.all(header.id, after, batch);
    if (rows.length === 0) return;
    const byItem = new Map<number, TranscriptVerdict[]>();
    for (const v of verdictsOf.all(header.id, rows[0]!.id, rows.at(-1)!.id)) {
      const list = byItem.get(v.item_id) ?? [];
      list.push({
        scorer: v.scorer,
        scorerVersion: v.scorer_version,
        correct: v.correct === 1,
        score: v.score,
        outcome: v.outcome,
        rule: v.rule,
        extracted: v.extracted,
        predNormalized: v.pred_normalized,
        goldNormalized: v.gold_normalized,
      });
      byItem.set(v.item_id, list);
    }
    for (const r of rows) {
      const q = r.question_id === null ? undefined : questions.get(r.question_id);
      const verdicts = (byItem.get(r.id) ?? []).sort(
        (a, b) => (order.get(a.scorer) ?? 99) - (order.get(b.scorer) ?? 99),
      );
      yield {
        schema: TRANSCRIPT_SCHEMA,
        source: { kind: 'run', id: header.id, by: header.by, mode: header.mode },
        itemId: r.id,
        position: position++,
        questionId: r.question_id,
        externalId: r.external_id,
        datasetId: header.datasetId,
        datasetFormat: header.datasetFormat,
        question: q?.question ?? null,
        documentExternalId: q?.documentExternalId ?? null,
        gold: q ? { answer: q.gold.answer, scale: q.scale } : null,
        output: r.output,
        answer: parsed<unknown>(r.answer),
        answerKind: r.answer_kind,
        answerScale: r.answer_scale,
        program: r.program,
        execution: parsed<TranscriptLine['execution']>(r.execution),
        usage: parsed<TranscriptLine['usage']>(r.usage),
        latencyMs: r.latency_ms,
        error: r.error,
        human: null,
        verdicts,
        reviewerOverrides: [],
      };
    }
    after = rows.at(-1)!.id;
    // Between batches, let other work (a Ctrl-C, the app's requests) in.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
