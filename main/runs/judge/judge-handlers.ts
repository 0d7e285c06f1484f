import type { HandlerMap } from '../../api/registry';
import { judgeServiceOf } from './judge-service';

/** The judge's API methods (spread into main/api/runs.ts's map). */
export const judgeHandlers: HandlerMap = {
  'runs.judge': (input, ctx) => judgeServiceOf(ctx).judge(input),
  'runs.judgements': ({ runId, judgeModel }, ctx) => ({
    judgements: judgeServiceOf(ctx).judgements(runId, judgeModel),
  }),
  'runs.judgePairwise': (input, ctx) => judgeServiceOf(ctx).pairwise(input),
  'runs.elo': ({ runIds, judgeModel, rubricId }, ctx) =>
    judgeServiceOf(ctx).elo(runIds, {
      ...(judgeModel !== undefined ? { judgeModel } : {}),
      ...(rubricId !== undefined ? { rubricId } : {}),
    }),
};
