import type { ImportedRecord, ReadRecord } from '../runs/read-run-file';
import { TranscriptLine } from './transcript';

/** The scorer id of verdicts a prediction file recorded itself (shared/runs/run.ts). */
const RECORDED_SCORER = 'imported';

/**
 * One line of a transcript JSONL export (docs/transcript-jsonl.md) read back as a prediction
 * for `workbench import-run --format jsonl`: the answer exactly as it was graded (kind and
 * scale too), so re-grading it with the same scorers gives the same verdicts, and the file's
 * own recorded verdict (scorer `imported`) kept as recorded.
 */
export function readTranscriptLine(value: unknown, line: number): ReadRecord {
  const parsed = TranscriptLine.safeParse(value);
  if (!parsed.success)
    return {
      id: `line ${line}`,
      error:
        `not a ${String((value as { schema?: unknown }).schema)} line: ${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''}`.trim(),
    };
  const l = parsed.data;
  const recorded = l.verdicts.find((v) => v.scorer === RECORDED_SCORER);
  const record: ImportedRecord = {
    id: l.externalId,
    output: l.output,
    answer: (l.answer ?? null) as ImportedRecord['answer'],
    answerKind: l.answerKind,
    answerScale: l.answerScale,
    program: l.program,
    execution: l.execution,
    recorded: recorded
      ? {
          correct: recorded.correct,
          score: recorded.score,
          outcome: recorded.outcome,
          rule: recorded.rule,
        }
      : null,
  };
  return record;
}
