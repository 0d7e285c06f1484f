import type { GoldDispute, ProposedAnswer } from '../../../shared/disputes/dispute';
import { parseProposedAnswer } from '../../../shared/disputes/proposed-answer';
import { callOrThrow } from '../call';
import { CliError, type CliCommand, type CliContext } from '../command';
import { wholeNumber } from '../flags';
import { compact } from '../../../shared/util/compact';

/** `--gold` as typed (shared/disputes/proposed-answer.ts); a usage error when empty. */
export function readProposedGold(text: string): ProposedAnswer {
  const answer = parseProposedAnswer(text);
  if (answer === undefined) throw new CliError('--gold must not be empty', 2);
  return answer;
}

const line = (d: GoldDispute) =>
  `#${d.id}  ${d.status.padEnd(8)}  question #${d.questionId} (${d.externalId})  proposed ${JSON.stringify(d.proposed.answer)}  by ${d.raisedBy}: ${d.reason}`;

const text = (ctx: CliContext, name: string): string | undefined => {
  const v = ctx.values[name];
  return typeof v === 'string' ? v : undefined;
};

const raise: CliCommand = {
  name: 'dispute raise',
  summary: "Propose a correction of a question's gold answer, with a reason",
  usage:
    'workbench dispute raise --question ID --gold ANSWER --reason TEXT [--by NAME] [--json] [--workspace DIR]',
  options: {
    question: { type: 'string' },
    gold: { type: 'string' },
    reason: { type: 'string' },
    by: { type: 'string' },
  },
  async run(ctx) {
    if (ctx.args.length > 0) throw new CliError(`unexpected argument ${ctx.args[0]}`, 2);
    const gold = text(ctx, 'gold');
    const reason = text(ctx, 'reason');
    if (gold === undefined) throw new CliError('--gold ANSWER is required', 2);
    if (reason === undefined || reason.trim() === '')
      throw new CliError('--reason TEXT is required', 2);
    const by = text(ctx, 'by');
    const services = await ctx.services();
    const r = await callOrThrow(services.registry, 'disputes.raise', {
      questionId: wholeNumber(ctx.values.question, '--question'),
      answer: readProposedGold(gold),
      reason,
      ...compact({ raisedBy: by }),
    });
    ctx.say(`raised gold dispute ${line(r.dispute)}`);
    return r;
  },
};

const list: CliCommand = {
  name: 'dispute list',
  summary: 'List gold disputes (by status, dataset or question)',
  usage:
    'workbench dispute list [--status open|accepted|rejected] [--dataset-id N] [--question ID] [--json] [--workspace DIR]',
  options: {
    status: { type: 'string' },
    'dataset-id': { type: 'string' },
    question: { type: 'string' },
  },
  readOnly: true,
  async run(ctx) {
    if (ctx.args.length > 0) throw new CliError(`unexpected argument ${ctx.args[0]}`, 2);
    const status = text(ctx, 'status');
    if (status !== undefined && !['open', 'accepted', 'rejected'].includes(status))
      throw new CliError('--status must be open, accepted or rejected', 2);
    const services = await ctx.services();
    const r = await callOrThrow(services.registry, 'disputes.list', {
      ...compact({ status }),
      ...(ctx.values['dataset-id'] !== undefined
        ? { datasetId: wholeNumber(ctx.values['dataset-id'], '--dataset-id') }
        : {}),
      ...(ctx.values.question !== undefined
        ? { questionId: wholeNumber(ctx.values.question, '--question') }
        : {}),
    });
    ctx.say(r.disputes.length === 0 ? 'no gold disputes' : r.disputes.map(line).join('\n'));
    return r;
  },
};

function decideCommand(decision: 'accept' | 'reject'): CliCommand {
  return {
    name: `dispute ${decision}`,
    summary:
      decision === 'accept'
        ? 'Accept a gold dispute: a new gold version, every run and session re-graded'
        : 'Reject a gold dispute: the gold and every verdict stay as they are',
    usage: `workbench dispute ${decision} ID [--note TEXT] [--by NAME] [--json] [--workspace DIR]`,
    options: { note: { type: 'string' }, by: { type: 'string' } },
    async run(ctx) {
      if (ctx.args.length !== 1) throw new CliError(`dispute ${decision} needs one dispute ID`, 2);
      const note = text(ctx, 'note');
      const by = text(ctx, 'by');
      const services = await ctx.services();
      const r = await callOrThrow(services.registry, 'disputes.decide', {
        disputeId: wholeNumber(ctx.args[0], 'the dispute ID'),
        decision,
        ...compact({ note, decidedBy: by }),
      });
      const g = r.regrade;
      ctx.say(
        g === null
          ? `gold dispute #${r.dispute.id} rejected; nothing re-graded`
          : `gold dispute #${r.dispute.id} accepted: question #${g.questionId} gold is now version ${g.version}; re-graded ${g.runsTouched} run(s) and ${g.sessionsTouched} session(s), ${g.verdictsFlipped} verdict(s) flipped`,
      );
      return r;
    },
  };
}

/** `workbench dispute …`, listed in commands/index.ts. */
export const disputeCommands: CliCommand[] = [
  raise,
  list,
  decideCommand('accept'),
  decideCommand('reject'),
];
