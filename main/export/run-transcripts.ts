import { reportMethod } from '../../shared/runs/method';
import type { Database } from 'better-sqlite3';
import type { StoredQuestion } from '../../shared/datasets';
import { shownFirst } from '../../shared/runs/report';
import { runsRepo } from '../db/runs-repo';
import type { DatasetService } from '../datasets/dataset-service';
import type { RunService } from '../runs/run-service';
import {
  TRANSCRIPT_SCHEMA,
  type TranscriptHeader,
  type TranscriptLine,
  type TranscriptVerdict,
} from '../../shared/runs/transcript';

/** Items read per query: an export of a big run never holds all of its items at once. */
export const EXPORT_BATCH = 200;

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
    // The scorer the run's report headlines first (the dataset format's default).
    scorers: shownFirst(
      manifest.dataset.format,
      manifest.scorers.map((s) => s.id),
    ),
    items: summary.done,
    activeSeconds: null,
    // The run report's Method list (the Report screen's, shared/runs/method.ts).
    method: reportMethod(
      manifest,
      manifest.scorers.map((s) => ({ scorer: s.id, version: s.version })),
    ),
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
  const repo = runsRepo(deps.db);
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
    const rows = repo.itemsAfter(header.id, after, batch);
    if (rows.length === 0) return;
    const byItem = new Map<number, TranscriptVerdict[]>();
    for (const { itemId, ...v } of repo.verdictsBetween(
      header.id,
      rows[0]!.itemId,
      rows.at(-1)!.itemId,
    )) {
      const list = byItem.get(itemId) ?? [];
      list.push(v);
      byItem.set(itemId, list);
    }
    for (const r of rows) {
      const q = r.questionId === null ? undefined : questions.get(r.questionId);
      const verdicts = (byItem.get(r.itemId) ?? []).sort(
        (a, b) => (order.get(a.scorer) ?? 99) - (order.get(b.scorer) ?? 99),
      );
      const { itemId, questionId, externalId, ...answered } = r;
      yield {
        schema: TRANSCRIPT_SCHEMA,
        source: { kind: 'run', id: header.id, by: header.by, mode: header.mode },
        itemId,
        position: position++,
        questionId,
        externalId,
        datasetId: header.datasetId,
        datasetFormat: header.datasetFormat,
        question: q?.question ?? null,
        documentExternalId: q?.documentExternalId ?? null,
        gold: q ? { answer: q.gold.answer, scale: q.scale } : null,
        ...answered,
        human: null,
        verdicts,
        reviewerOverrides: [],
      };
    }
    after = rows.at(-1)!.itemId;
    // Between batches, let other work (a Ctrl-C, the app's requests) in.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
