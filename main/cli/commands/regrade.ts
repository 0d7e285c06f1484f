import { scorers } from '../../../shared/grading/scorers';
import { callOrThrow } from '../call';
import { CliError, type CliCommand } from '../command';
import { parseRunRef, parseRunRefs } from '../run-ref';

// Not through the contract: --stale has no method (runs.regrade re-grades one run with one scorer, which goes through the registry).
export const regradeCommand: CliCommand = {
  name: 'regrade',
  summary:
    'Grade a run again with one scorer, or every stale verdict (--stale: older scorer version or another gold version) of runs and sessions; no model calls',
  usage:
    `workbench regrade RUN --scorer ${Object.keys(scorers).join('|')} [--json] [--workspace DIR]\n` +
    '       workbench regrade --stale [RUN…] [--json] [--workspace DIR]\n       RUN: a run as workbench runs lists it: 5, run:5 or #5',
  options: { scorer: { type: 'string' }, stale: { type: 'boolean' } },
  async run(ctx) {
    const { scorer, stale } = ctx.values;
    if (stale === true) {
      if (typeof scorer === 'string')
        throw new CliError('--stale grades each verdict with its own scorer: drop --scorer', 2);
      const runIds = ctx.args.length > 0 ? parseRunRefs(ctx.args, 'a RUN') : undefined;
      const { runs, sessions } = await ctx.services();
      const r = {
        runs: runs.regradeStale(runIds),
        // Sessions are checked when no run is named (a whole-workspace catch-up).
        sessions: runIds ? [] : sessions.regradeStale(),
      };
      const touched = r.runs.filter((x) => x.verdicts > 0);
      const skipped = r.runs.filter((x) => x.skipped !== null);
      ctx.say(
        [
          `stale verdicts re-graded: ${touched.length} of ${r.runs.length} runs (${touched.reduce((n, x) => n + x.verdicts, 0)} verdicts, ${touched.reduce((n, x) => n + x.flipped, 0)} flipped)` +
            (runIds
              ? ''
              : `, ${r.sessions.length} sessions (${r.sessions.reduce((n, x) => n + x.flipped, 0)} flipped)`),
          ...touched.map(
            (x) =>
              `  run #${x.runId}: ${x.verdicts} verdicts of ${x.scorers.join(', ')}, ${x.flipped} flipped`,
          ),
          ...r.sessions.map(
            (x) => `  session #${x.sessionId}: ${x.verdicts} verdicts, ${x.flipped} flipped`,
          ),
          ...skipped.map((x) => `  run #${x.runId} left alone: ${x.skipped}`),
        ].join('\n'),
      );
      return r;
    }
    if (ctx.args.length !== 1)
      throw new CliError(
        'regrade needs exactly one RUN (workbench runs lists them), or --stale',
        2,
      );
    const runId = parseRunRef(ctx.args[0], 'RUN');
    if (typeof scorer !== 'string')
      throw new CliError(`--scorer is required (one of ${Object.keys(scorers).join(', ')})`, 2);
    const { registry } = await ctx.services();
    const r = await callOrThrow(registry, 'runs.regrade', { runId, scorer });
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
