import { WorkbenchError } from '../../shared/api/result';
import type { HandlerMap } from './registry';

/** Evaluation runs: every method goes through RunService (the CLI calls the same). */
export const runsHandlers: HandlerMap = {
  'runs.list': (_input, { runs }) => ({ runs: runs.list() }),
  'runs.get': ({ runId }, { runs }) => runs.get(runId),
  'runs.report': ({ runId, compareTo, scorer }, { runs }) =>
    runs.report(runId, {
      ...(compareTo !== undefined ? { compareTo } : {}),
      ...(scorer !== undefined ? { scorer } : {}),
    }),
  'runs.import': ({ path, format, datasetId, model, mode, scorers }, { runs }) =>
    runs.importFile({
      path,
      format,
      ...(datasetId !== undefined ? { datasetId } : {}),
      ...(model !== undefined ? { model } : {}),
      ...(mode !== undefined ? { mode } : {}),
      ...(scorers !== undefined ? { scorers } : {}),
    }),
  'runs.regrade': ({ runId, scorer }, { runs }) => runs.regrade(runId, scorer),
  'runs.remove': ({ runId }, { runs }) => ({ removed: runs.remove(runId) }),
  // The engine (main/runs/engine) lands next; until then these say so instead of pretending.
  'runs.start': () => {
    throw new WorkbenchError('unsupported', 'the run engine is not available yet');
  },
  'runs.pause': () => {
    throw new WorkbenchError('unsupported', 'the run engine is not available yet');
  },
  'runs.resume': () => {
    throw new WorkbenchError('unsupported', 'the run engine is not available yet');
  },
  'runs.cancel': () => {
    throw new WorkbenchError('unsupported', 'the run engine is not available yet');
  },
};
