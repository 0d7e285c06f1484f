import { readFileSync } from 'node:fs';
import type { Services } from '../../../main/services';
import { exportTranscripts, type ExportResult } from '../../../main/export/export-transcripts';
import type { ExportFormat, ExportTarget } from '../../../main/export/export-target';
import { TranscriptLine } from '../../../shared/runs/transcript';

/** Exports through the same function the CLI calls, on real services. */
export function exportTo(
  s: Services,
  target: ExportTarget,
  format: ExportFormat,
  out: string,
  extra: { scorer?: string; batchSize?: number } = {},
): Promise<ExportResult> {
  return exportTranscripts(
    {
      db: s.workspace.db,
      runs: s.runs,
      sessions: s.sessions,
      datasets: s.datasets,
      documents: s.documents,
    },
    target,
    { format, out, ...extra },
  );
}

/** Every line parsed against the documented schema (a line that does not fit fails the test). */
export function readTranscripts(path: string): TranscriptLine[] {
  const text = readFileSync(path, 'utf8');
  if (!text.endsWith('\n')) throw new Error('a JSONL export ends with a newline');
  return text
    .slice(0, -1)
    .split('\n')
    .map((l) => TranscriptLine.parse(JSON.parse(l)));
}

/** The strict RFC 4180 reader the CSV tests share. */
export { parseCsv } from '../../support/csv';

/** The verdict fields a re-import must reproduce exactly. */
export const verdictKey = (v: {
  scorer: string;
  scorerVersion: string;
  correct: boolean;
  score: number;
  outcome: string;
  rule: string;
  extracted: string | null;
  predNormalized: string;
  goldNormalized: string;
}) =>
  JSON.stringify([
    v.scorer,
    v.scorerVersion,
    v.correct,
    v.score,
    v.outcome,
    v.rule,
    v.extracted,
    v.predNormalized,
    v.goldNormalized,
  ]);
