import type { ApiContext } from '../../api/context';
import { RunEngine } from './run-engine';

const engines = new WeakMap<object, RunEngine>();

/**
 * In the app and web mode, a run the circuit breaker paused is resumed by itself once its
 * endpoint answers again (checked every 15 s, for an hour). The CLI ends with the pause and
 * leaves that to `workbench eval --resume`.
 */
export const AUTO_RESUME = { everyMs: 15_000, forMs: 3_600_000 };

/** What the engine is built from: the workspace's services (ApiContext and Services have them). */
export type EngineServices = Pick<
  ApiContext,
  'workspace' | 'datasets' | 'documents' | 'llm' | 'jobs' | 'ask' | 'runs'
> & {
  bus?: ApiContext['bus'];
  host?: ApiContext['host'];
  questionSets?: ApiContext['questionSets'];
};

/**
 * The workspace's one run engine, made on first use from its services and kept as long as its
 * RunService (one per open workspace). The API handlers and `workbench eval` share it, so a run
 * started by one can be paused by the other in the same process.
 */
export function runEngineOf(s: EngineServices): RunEngine {
  let engine = engines.get(s.runs);
  if (!engine) {
    engine = new RunEngine({
      db: s.workspace.db,
      datasets: s.datasets,
      documents: s.documents,
      llm: s.llm,
      jobs: s.jobs,
      ask: s.ask,
      runs: s.runs,
      batchLlm: s.llm,
      prober: s.llm,
      ...(s.host && s.host.kind !== 'cli' ? { autoResume: AUTO_RESUME } : {}),
      ...(s.bus ? { bus: s.bus } : {}),
      ...(s.questionSets ? { questionSets: s.questionSets } : {}),
    });
    engines.set(s.runs, engine);
  }
  return engine;
}
