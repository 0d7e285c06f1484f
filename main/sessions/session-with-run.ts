import { WorkbenchError } from '../../shared/api/result';
import type {
  SessionWithRunInput,
  SessionWithRunResult,
} from '../../shared/question-sets/question-set';
import type { QuestionSetService } from '../question-sets/question-set-service';
import type { RunEngine } from '../runs/engine/run-engine';
import type { RunService } from '../runs/run-service';
import type { SessionService } from './session-service';

export interface SessionWithRunServices {
  sessions: SessionService;
  questionSets: QuestionSetService;
  runs: RunService;
  engine: RunEngine;
}

/**
 * A session and a model run on exactly the same questions, in one step (`sessions.createWithRun`,
 * docs/sessions.md "A session and a run in one step"): the session is created, its question
 * set found or made (the one it was made from, else one holding its questions), and the run
 * started from that set through the engine's pre-flight. When the run cannot start (an endpoint
 * that does not answer, an unknown model) nothing is kept: the session and a set made for it
 * are removed, and the refusal says why in one line.
 */
export async function createSessionWithRun(
  s: SessionWithRunServices,
  input: SessionWithRunInput,
): Promise<SessionWithRunResult> {
  const session = s.sessions.create(input.session);
  let made: number | undefined;
  try {
    const set =
      input.session.questionSetId !== undefined
        ? s.questionSets.get(input.session.questionSetId)
        : (() => {
            const found = s.questionSets.forSession(session);
            if (found.created) made = found.set.id;
            return found.set;
          })();
    if (set.key !== session.questionSetKey)
      throw new WorkbenchError(
        'internal',
        `question set "${set.name}" and session #${session.id} are not on the same questions`,
      );
    const { runId } = await s.engine.startChecked({
      ...input.run,
      datasetId: set.datasetId,
      questionSetId: set.id,
    });
    return {
      sessionId: session.id,
      session,
      runId,
      run: s.runs.get(runId).summary,
      questionSet: s.questionSets.get(set.id),
    };
  } catch (e) {
    s.sessions.remove(session.id);
    if (made !== undefined) s.questionSets.remove(made);
    if (e instanceof WorkbenchError)
      throw new WorkbenchError(
        e.code,
        `${e.message.replace(/\.$/, '')}; the session was not created either`,
      );
    throw e;
  }
}
