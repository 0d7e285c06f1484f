import type { GapCoverage, GapCoverageRun } from '../../shared/gap/gap-coverage';
import { sessionsRepo } from '../db/sessions-repo';
import type { RunService } from '../runs/run-service';
import type { SessionService } from '../sessions/session-service';
import type { Workspace } from '../workspace/workspace';

export interface CoverageServices {
  workspace: Workspace;
  sessions: SessionService;
  runs: RunService;
}

/**
 * The runs that cover a session's questions, fully or in part, with counts (docs/sessions.md,
 * "Gap view"): items are matched to the session's questions by the dataset's own id, as the gap
 * pairs them, so an imported run over another import of the same dataset counts too.
 */
export function gapCoverage(s: CoverageServices, sessionId: number): GapCoverage {
  const session = s.sessions.session(sessionId);
  const db = s.workspace.db;
  const questions = sessionsRepo(db).questions(sessionId);
  const ids = new Set(session.questionIds);
  const counts = new Map<number, { answered: number; failed: number }>();
  const rows = db
    .prepare<[number], { run_id: number; answered: number; failed: number }>(
      `SELECT run_id, SUM(error IS NULL) AS answered, SUM(error IS NOT NULL) AS failed
       FROM run_items
       WHERE external_id IN (SELECT external_id FROM session_questions WHERE session_id = ?)
       GROUP BY run_id`,
    )
    .all(sessionId);
  for (const r of rows) counts.set(r.run_id, { answered: r.answered, failed: r.failed });

  const out: GapCoverageRun[] = [];
  for (const summary of s.runs.list()) {
    const { manifest } = s.runs.get(summary.runId);
    if (manifest.dataset.format !== session.datasetFormat) continue;
    const c = counts.get(summary.runId) ?? { answered: 0, failed: 0 };
    const plan = manifest.engine?.questionIds;
    const planned = plan
      ? Math.max(plan.filter((id) => ids.has(id)).length, c.answered + c.failed)
      : c.answered + c.failed;
    if (planned === 0) continue;
    const set = manifest.questionSet;
    out.push({
      runId: summary.runId,
      model: summary.model,
      mode: summary.mode,
      status: summary.status,
      source: summary.source,
      planned,
      answered: c.answered,
      failed: c.failed,
      full: c.answered === questions.length,
      questionSet:
        set && set.key === session.questionSetKey ? { id: set.id, name: set.name } : null,
    });
  }
  // Runs answering every question first, a run made from the session's own question set
  // (one made with it in one step) before others, then the most answered, the newest.
  out.sort(
    (a, b) =>
      Number(b.full) - Number(a.full) ||
      Number(b.questionSet !== null) - Number(a.questionSet !== null) ||
      b.answered - a.answered ||
      b.planned - a.planned ||
      b.runId - a.runId,
  );
  return { sessionId, questions: questions.length, runs: out };
}
