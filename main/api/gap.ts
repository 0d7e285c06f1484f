import { gapCoverage } from '../gap/gap-coverage';
import { compareGap } from '../gap/gap-service';
import type { HandlerMap } from './registry';

/** The human-vs-model gap (main/gap, docs/sessions.md "Gap view"). */
export const gapHandlers: HandlerMap = {
  'gap.compare': (input, ctx) => compareGap(ctx, input),
  'gap.coverage': ({ sessionId }, ctx) => gapCoverage(ctx, sessionId),
};
