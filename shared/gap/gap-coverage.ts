import { z } from 'zod';
import { RunMode, RunSource, RunStatus } from '../runs/run';

/**
 * Which runs cover a session's questions (`gap.coverage`, docs/sessions.md "Gap view"): every
 * run on the session's dataset format that means to answer, or answered, at least one of them,
 * matched as the gap matches them (by the dataset's own question id). Runs answering all of
 * them come first, and among those a run made from the session's own question set; the gap
 * view opens on the first.
 */
export const GapCoverageInput = z.object({ sessionId: z.number().int() }).strict();
export type GapCoverageInput = z.infer<typeof GapCoverageInput>;

export const GapCoverageRun = z.object({
  runId: z.number().int(),
  model: z.string(),
  mode: RunMode.nullable(),
  status: RunStatus,
  source: RunSource,
  /** Session questions the run means to answer (an engine run's plan; an import's items). */
  planned: z.number().int(),
  /** Session questions it answered (an item that is not a failed call). */
  answered: z.number().int(),
  /** Session questions whose model call failed. */
  failed: z.number().int(),
  /** It answered every question of the session. */
  full: z.boolean(),
  /** The question set it was made from, when that set is on exactly the session's questions. */
  questionSet: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type GapCoverageRun = z.infer<typeof GapCoverageRun>;

export const GapCoverage = z.object({
  sessionId: z.number().int(),
  /** Questions in the session. */
  questions: z.number().int(),
  runs: z.array(GapCoverageRun),
});
export type GapCoverage = z.infer<typeof GapCoverage>;

/** "6 of 6 answered", "3 of 6 answered, 1 failed, 6 planned". */
export function coverageText(r: GapCoverageRun, questions: number): string {
  return [
    `${r.answered} of ${questions} answered`,
    r.failed > 0 ? `${r.failed} failed` : null,
    r.planned > r.answered + r.failed ? `${r.planned} planned (${r.status})` : null,
  ]
    .filter((x): x is string => x !== null)
    .join(', ');
}
