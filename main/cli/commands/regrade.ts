import { scorers } from '../../../shared/grading/scorers';
import { CliError, type CliCommand } from '../command';

export const regradeCommand: CliCommand = {
  name: 'regrade',
  summary: "Grade a run again with one scorer (no model calls); only that scorer's verdicts change",
  usage: `workbench regrade RUN --scorer ${Object.keys(scorers).join('|')} [--json] [--workspace DIR]`,
  options: { scorer: { type: 'string' } },
  async run(ctx) {
    const { scorer } = ctx.values;
    if (ctx.args.length !== 1 || !/^\d+$/.test(ctx.args[0]!))
      throw new CliError('regrade needs exactly one RUN id (workbench runs lists them)', 2);
    if (typeof scorer !== 'string')
      throw new CliError(`--scorer is required (one of ${Object.keys(scorers).join(', ')})`, 2);
    const { runs } = await ctx.services();
    const r = runs.regrade(Number(ctx.args[0]), scorer);
    ctx.say(
      `run #${r.runId} re-graded with ${r.scorer.id} ${r.scorer.version}: ${r.correct}/${r.items} correct (${r.accuracy.toFixed(2)}%)` +
        (r.previous ? `, was ${r.previous.correct} (${r.previous.accuracy.toFixed(2)}%)` : '') +
        (r.missingQuestions > 0
          ? `; ${r.missingQuestions} items' questions are no longer in the dataset`
          : ''),
    );
    return r;
  },
};
