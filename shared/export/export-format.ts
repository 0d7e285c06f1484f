import { z } from 'zod';

/** The graded-transcript formats (docs/transcript-jsonl.md): one list for the CLI, API and menus. */
export const EXPORT_FORMATS = ['html', 'jsonl', 'csv', 'codalab', 'tatqa'] as const;
export const ExportFormat = z.enum(EXPORT_FORMATS);
export type ExportFormat = z.infer<typeof ExportFormat>;

export const ExportTarget = z
  .object({ kind: z.enum(['run', 'session']), id: z.number().int().min(1) })
  .strict();
export type ExportTarget = z.infer<typeof ExportTarget>;

export const ExportBytesInput = z
  .object({
    target: ExportTarget,
    format: ExportFormat,
    /** csv: whose verdict each row carries (default: the first scorer). */
    scorer: z.string().min(1).optional(),
  })
  .strict();
export type ExportBytesInput = z.infer<typeof ExportBytesInput>;

export const ExportBytesResult = z.object({
  /** A file name to save it under (no folder). */
  name: z.string(),
  mimeType: z.string(),
  bytes: z.instanceof(Uint8Array),
  items: z.number().int(),
});
export type ExportBytesResult = z.infer<typeof ExportBytesResult>;

interface FormatFacts {
  label: string;
  suffix: string;
  mimeType: string;
}

export const EXPORT_FORMAT_FACTS: Record<ExportFormat, FormatFacts> = {
  html: { label: 'HTML report', suffix: '.html', mimeType: 'text/html;charset=utf-8' },
  jsonl: { label: 'JSONL transcripts', suffix: '.jsonl', mimeType: 'application/jsonl' },
  csv: { label: 'CSV', suffix: '.csv', mimeType: 'text/csv;charset=utf-8' },
  codalab: {
    label: 'CodaLab JSON (DocMath-Eval)',
    suffix: '-codalab.json',
    mimeType: 'application/json',
  },
  tatqa: { label: 'TAT-QA predictions JSON', suffix: '-tatqa.json', mimeType: 'application/json' },
};

/** `run-3-transcripts.html`, `session-7-tatqa.json`: what a download is saved as. */
export function exportFileName(target: ExportTarget, format: ExportFormat): string {
  const facts = EXPORT_FORMAT_FACTS[format];
  const base = `${target.kind}-${target.id}`;
  return facts.suffix.startsWith('-')
    ? `${base}${facts.suffix}`
    : `${base}-transcripts${facts.suffix}`;
}

/** The formats a dataset's transcripts can take (the benchmark files need their benchmark). */
export function exportFormatsFor(datasetFormat: string | undefined): ExportFormat[] {
  return EXPORT_FORMATS.filter(
    (f) =>
      (f !== 'codalab' || datasetFormat === 'docmath') &&
      (f !== 'tatqa' || datasetFormat === 'tatqa' || datasetFormat === 'tathqa'),
  );
}
