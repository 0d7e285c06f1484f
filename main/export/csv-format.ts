import { csvRow, type CsvValue } from '../../shared/export/csv';
import type { TranscriptHeader, TranscriptLine } from '../../shared/runs/transcript';

/**
 * The columns of `export --format csv`, in this order (docs/transcript-jsonl.md). Columns are
 * only ever added at the end, so a sheet or script reading them by position keeps working:
 * `question`, `gold` and `gold_scale` came after `active_seconds`. The verdict is `correct`
 * (true/false) with its `outcome`, by `scorer`, and the `rule` that decided it.
 */
export const CSV_COLUMNS = [
  'source',
  'item_id',
  'question_id',
  'external_id',
  'answer',
  'answer_scale',
  'scorer',
  'correct',
  'score',
  'outcome',
  'rule',
  'latency_ms',
  'active_seconds',
  'question',
  'gold',
  'gold_scale',
] as const;

/**
 * An answer or a gold as one cell: text as it is, a number as a number (never formula-guarded,
 * shared/export/csv.ts), anything else (a list of spans) as its JSON.
 */
function valueCell(v: unknown): CsvValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number') return v;
  return JSON.stringify(v);
}

/** One row per item, graded by `scorer` (the run's first scorer unless the caller names one). */
export async function* csvPieces(
  header: TranscriptHeader,
  lines: AsyncIterable<TranscriptLine>,
  scorer: string,
): AsyncGenerator<string> {
  yield csvRow(CSV_COLUMNS);
  for await (const l of lines) {
    const v = l.verdicts.find((x) => x.scorer === scorer);
    yield csvRow([
      `${header.kind}:${header.id}`,
      l.itemId,
      l.questionId,
      l.externalId,
      valueCell(l.answer),
      l.answerScale,
      scorer,
      v ? v.correct : null,
      v ? v.score : null,
      v ? v.outcome : null,
      v ? v.rule : null,
      l.latencyMs,
      l.human ? l.human.activeSeconds : null,
      l.question,
      valueCell(l.gold?.answer),
      l.gold?.scale,
    ]);
  }
}
