import { TranscriptLine } from '../../../shared/runs/transcript';
import type { JsonValue } from '../../../shared/grading/verdict';
import { goldProblem } from '../json-value';
import type { PredictionRecord, ReaderOptions, ReadRecord } from './record';

/** The scorer id of verdicts a prediction file recorded itself (shared/runs/run.ts). */
const RECORDED_SCORER = 'imported';

/**
 * One line of a transcript JSONL export (docs/transcript-jsonl.md) read back as a prediction
 * (`--format jsonl` of `workbench import-run` and `workbench grade`): the answer exactly as it
 * was graded (kind and scale too), so re-grading it with the same scorers gives the same
 * verdicts, the gold and question it was graded against, and the file's own recorded verdict
 * (scorer `imported`) kept as recorded.
 */
export function readTranscriptLine(
  value: unknown,
  at: string,
  options: ReaderOptions = {},
): ReadRecord {
  const parsed = TranscriptLine.safeParse(value);
  if (!parsed.success)
    return {
      id: at,
      at,
      error:
        `not a ${String((value as { schema?: unknown }).schema)} line: ${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''}`.trim(),
    };
  const l = parsed.data;
  const recorded = l.verdicts.find((v) => v.scorer === RECORDED_SCORER);
  const raw = options.raw === true && l.output !== null;
  const problem = l.gold ? goldProblem(l.gold.answer) : undefined;
  const record: PredictionRecord = {
    id: l.externalId,
    at,
    output: l.output,
    answer: raw ? l.output : ((l.answer ?? null) as JsonValue | null),
    answerKind: raw ? 'text' : l.answerKind,
    answerScale: raw ? null : l.answerScale,
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
    gold: l.gold
      ? {
          answer: l.gold.answer,
          ...(l.gold.scale !== null ? { scale: l.gold.scale } : {}),
          ...(problem ? { problem } : {}),
        }
      : null,
    question: l.question,
  };
  return record;
}
