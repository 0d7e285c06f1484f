import type { CliCommand } from '../command';

export const runsCommand: CliCommand = {
  name: 'runs',
  summary:
    'List evaluation runs (eval and import-run): status, items done, model, dataset; a paused run goes on with eval --resume RUN',
  usage: 'workbench runs [--json] [--workspace DIR]',
  readOnly: true,
  async run(ctx) {
    const { runs } = await ctx.services();
    const list = runs.list();
    ctx.say(
      list.length === 0
        ? 'no runs yet (workbench import-run --format … FILE imports one)'
        : list
            .map(
              (r) =>
                `#${r.runId}  ${r.status.padEnd(11)} ${`${r.done}/${r.total}`.padStart(11)}  ${r.model}${r.mode ? ` (${r.mode})` : ''}  dataset ${r.datasetId ?? 'removed'}  ${r.source}${r.message ? `\n      ${r.message}` : ''}`,
            )
            .join('\n'),
    );
    return { runs: list };
  },
};
