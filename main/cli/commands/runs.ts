import type { RunSummary } from '../../../shared/runs/run';
import { callOrThrow } from '../call';
import type { CliCommand } from '../command';

/**
 * A run the engine started that stopped before its end (paused by Ctrl-C, the app or an
 * endpoint that stopped answering; interrupted by a crash or kill -9): `eval --resume` asks only
 * its unanswered questions. A run imported from a file has nothing to resume.
 */
const resumable = (r: RunSummary) =>
  r.source === 'engine' && (r.status === 'paused' || r.status === 'interrupted');

export const runsCommand: CliCommand = {
  name: 'runs',
  summary:
    'List evaluation runs (eval and import-run): status, items done, model, dataset; a paused run goes on with eval --resume RUN',
  usage: 'workbench runs [--json] [--workspace DIR]',
  readOnly: true,
  async run(ctx) {
    const { registry } = await ctx.services();
    const { runs: list } = await callOrThrow(registry, 'runs.list', {});
    ctx.say(
      list.length === 0
        ? 'no runs yet (workbench import-run --format … FILE imports one)'
        : list
            .map(
              (r) =>
                `#${r.runId}  ${r.status.padEnd(11)} ${`${r.done}/${r.total}`.padStart(11)}  ${r.model}${r.mode ? ` (${r.mode})` : ''}  dataset ${r.datasetId ?? 'removed'}  ${r.source}${r.message ? `\n      ${r.message}` : ''}${resumable(r) ? `\n      goes on with: workbench eval --resume ${r.runId}` : ''}`,
            )
            .join('\n'),
    );
    return { runs: list };
  },
};
