import type { HandlerMap } from './registry';
import { compact } from '../../shared/util/compact';

/** Evaluation runs: every method goes through RunService (the CLI calls the same). */
export const runsHandlers: HandlerMap = {
  'runs.list': (_input, { runs }) => ({ runs: runs.list() }),
  'runs.get': ({ runId }, { runs }) => runs.get(runId),
  'runs.report': ({ runId, compareTo, scorer }, ctx) =>
    ctx.judge.withJudges(
      ctx.runs.report(runId, {
        ...compact({ compareTo, scorer }),
      }),
    ),
  'runs.import': ({ path, format, datasetId, model, mode, scorers }, { runs }) =>
    runs.importFile({
      path,
      format,
      ...compact({ datasetId, model, mode, scorers }),
    }),
  // The web-mode picker sends the contents; the same import reads them (the name stands for
  // the path: model and mode come from it).
  'runs.importBytes': ({ name, format, bytes, datasetId }, { runs }) =>
    runs.importFile({
      path: name,
      bytes,
      format,
      ...compact({ datasetId }),
    }),
  'runs.item': ({ runId, questionId }, { runs }) => runs.item(runId, questionId),
  'runs.regrade': ({ runId, scorer }, { runs }) => runs.regrade(runId, scorer),
  'runs.remove': ({ runId }, { runs }) => ({ removed: runs.remove(runId) }),
  // The engine (main/runs/engine): a run starts as a job and answers once it is under way;
  // `run.progress` events follow it. Start and resume check the endpoint first (one request):
  // one that cannot be asked is refused here, in one line, with nothing written, instead of
  // failing every question (docs/runs.md, "Pre-flight").
  'runs.start': async (input, ctx) => {
    const { runId } = await ctx.engine.startChecked(input);
    return { runId, summary: ctx.runs.get(runId).summary };
  },
  'runs.pause': ({ runId }, ctx) => ({ summary: ctx.engine.pause(runId) }),
  'runs.resume': async (input, ctx) => {
    const { runId } = await ctx.engine.resumeChecked(input);
    return { runId, summary: ctx.runs.get(runId).summary };
  },
  'runs.cancel': async ({ runId }, ctx) => ({ summary: await ctx.engine.cancel(runId) }),
  // The LLM judge (main/runs/judge).
  'runs.judge': (input, { judge }) => judge.judge(input),
  'runs.judgements': ({ runId, judgeModel }, { judge }) => ({
    judgements: judge.judgements(runId, judgeModel),
  }),
  'runs.judgePairwise': (input, { judge }) => judge.pairwise(input),
  'runs.elo': ({ runIds, judgeModel, rubricId }, { judge }) =>
    judge.elo(runIds, {
      ...compact({ judgeModel, rubricId }),
    }),
};
