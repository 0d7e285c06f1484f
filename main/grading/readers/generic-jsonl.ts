import { TRANSCRIPT_SCHEMA } from '../../../shared/runs/transcript';
import { RunMode } from '../../../shared/runs/run';
import { asJsonValue, goldProblem, readId } from '../json-value';
import { isRecord } from '../parse-json';
import {
  jsonlObjects,
  readText,
  stem,
  stringOrNull,
  type FileGold,
  type PredictionFileRead,
  type ReaderOptions,
  type ReadRecord,
} from './record';
import { readTranscriptLine } from './transcript-line';

// Generic JSONL: one record a line `{id, question?, gold?, output, scale?}` with free-text gold
// ("$1,496.5 million", "23.42%", 0.2342) and the model's free-text output, graded as text.
// Lines of a transcript export (`workbench export --format jsonl`, docs/transcript-jsonl.md) are
// read as they were graded: answer, kind and scale, gold and question, the recorded verdict.

function fileGold(r: Record<string, unknown>): FileGold {
  const gold = asJsonValue(r.gold) ?? null;
  const problem =
    goldProblem(r.gold) ??
    (typeof gold !== 'string' && typeof gold !== 'number'
      ? 'gold must be a string or a number'
      : undefined);
  return {
    answer: gold,
    ...(typeof r.scale === 'string' && r.scale !== '' ? { scale: r.scale } : {}),
    ...(problem ? { problem } : {}),
  };
}

function readOne(r: Record<string, unknown>, at: string): ReadRecord {
  const id = readId(r.id);
  if (id === undefined) return { id: at, at, error: 'missing id' };
  const out = readText(r.output, 'output');
  if ('error' in out) return { id, at, error: out.error };
  return {
    id,
    at,
    output: out.text,
    answer: out.text,
    answerKind: 'text',
    answerScale: null,
    program: null,
    execution: null,
    recorded: null,
    gold: fileGold(r),
    question: stringOrNull(r.question),
  };
}

export function readGenericJsonl(text: string, options: ReaderOptions = {}): PredictionFileRead {
  const records: ReadRecord[] = [];
  // A transcript export names its model and mode on every line.
  let exported: { model: string; mode: RunMode | null } | undefined;
  for (const { at, r } of jsonlObjects(text, records)) {
    if (r.schema === TRANSCRIPT_SCHEMA) {
      records.push(readTranscriptLine(r, at, options));
      if (!exported && isRecord(r.source) && typeof r.source.by === 'string') {
        const mode = RunMode.safeParse(r.source.mode);
        exported = { model: r.source.by, mode: mode.success ? mode.data : null };
      }
      continue;
    }
    records.push(readOne(r, at));
  }
  return {
    records,
    warnings: [],
    model: exported?.model ?? stem(options.path),
    mode: exported?.mode ?? null,
    recordedAs: null,
  };
}
