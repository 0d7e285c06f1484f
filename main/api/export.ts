import { exportBytes } from '../export/export-transcripts';
import type { HandlerMap } from './registry';

/** Graded transcripts of a run or a finished session (main/export, docs/transcript-jsonl.md). */
export const exportHandlers: HandlerMap = {
  'export.bytes': (input, ctx) =>
    exportBytes(
      {
        db: ctx.workspace.db,
        runs: ctx.runs,
        sessions: ctx.sessions,
        datasets: ctx.datasets,
        documents: ctx.documents,
      },
      input,
    ),
};
