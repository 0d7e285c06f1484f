import { callOrThrow } from '../call';
import { CliError, type CliCommand } from '../command';
import { wholeNumber } from '../flags';
import { minutes } from './session-args';
import { compact } from '../../../shared/util/compact';

export const sessionListCommand: CliCommand = {
  name: 'session list',
  summary: 'List expert sessions (newest first): status, answers submitted, active time',
  usage: 'workbench session list [--dataset-id N] [--json] [--workspace DIR]',
  options: { 'dataset-id': { type: 'string' } },
  readOnly: true,
  async run(ctx) {
    if (ctx.args.length > 0) throw new CliError(`unexpected argument ${ctx.args[0]}`, 2);
    const datasetId =
      ctx.values['dataset-id'] === undefined
        ? undefined
        : wholeNumber(ctx.values['dataset-id'], '--dataset-id');
    const services = await ctx.services();
    const r = await callOrThrow(services.registry, 'sessions.list', compact({ datasetId }));
    ctx.say(
      r.sessions.length === 0
        ? 'no sessions'
        : r.sessions
            .map(
              (s) =>
                `#${s.id}  ${s.status.padEnd(8)}  ${s.expert}  ${s.datasetName}  ${s.submitted}/${s.questionIds.length} submitted  ${minutes(s.activeSeconds)} of ${minutes(s.budgetSeconds)}${s.origin === 'imported' ? `  (imported, ${s.signature === 'signed' ? `signed ${s.signerFingerprint ?? ''}` : 'unsigned'})` : ''}`,
            )
            .join('\n'),
    );
    return r;
  },
};
