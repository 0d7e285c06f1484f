import type { TranscriptHeader, TranscriptLine } from './transcript';

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
] as const;

/**
 * A cell a spreadsheet would run as a formula (= + - @, and tab or CR that some read the same
 * way) gets a leading apostrophe, so an answer like "=HYPERLINK(...)" in a model's output
 * stays text. A negative answer "-3.2" therefore reads "'-3.2": the price of the guard.
 */
export function guardFormula(s: string): string {
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

/** RFC 4180: a field with a comma, a quote or a line break is quoted, quotes doubled. */
export function csvField(v: string | number | boolean | null): string {
  if (v === null) return '';
  if (typeof v !== 'string') return String(v);
  const s = guardFormula(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvRow = (fields: (string | number | boolean | null)[]) =>
  `${fields.map(csvField).join(',')}\r\n`;

function answerCell(answer: unknown): string | null {
  if (answer === null || answer === undefined) return null;
  return typeof answer === 'string' ? answer : JSON.stringify(answer);
}

/** One row per item, graded by `scorer` (the run's first scorer unless the caller names one). */
export async function* csvPieces(
  header: TranscriptHeader,
  lines: AsyncIterable<TranscriptLine>,
  scorer: string,
): AsyncGenerator<string> {
  yield csvRow([...CSV_COLUMNS]);
  for await (const l of lines) {
    const v = l.verdicts.find((x) => x.scorer === scorer);
    yield csvRow([
      `${header.kind}:${header.id}`,
      l.itemId,
      l.questionId,
      l.externalId,
      answerCell(l.answer),
      l.answerScale,
      scorer,
      v ? v.correct : null,
      v ? v.score : null,
      v ? v.outcome : null,
      v ? v.rule : null,
      l.latencyMs,
      l.human ? l.human.activeSeconds : null,
    ]);
  }
}
