import { callOrThrow } from '../call';
import { CliError, type CliCommand } from '../command';
import { wholeNumber } from '../flags';
import { minutes, sessionIdArg } from './session-args';

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export const sessionResultsCommand: CliCommand = {
  name: 'session results',
  summary: 'A finished session: accuracy with a 95% Wilson interval, verdicts, active time',
  usage: 'workbench session results ID [--json] [--workspace DIR]',
  readOnly: true,
  async run(ctx) {
    const sessionId = sessionIdArg(ctx, 'session results');
    const services = await ctx.services();
    const r = await callOrThrow(services.registry, 'sessions.results', {
      sessionId,
    });
    const a = r.accuracy;
    ctx.say(
      [
        `session #${r.session.id} (${r.session.expert}) on ${r.session.datasetName}, graded by ${r.scorer}`,
        `  accuracy: ${a.correct}/${a.total} = ${pct(a.rate)} (95% CI ${pct(a.wilson95.low)}–${pct(a.wilson95.high)}), ${a.submitted} submitted`,
        `  active:   ${minutes(r.activeSeconds)} of ${minutes(r.session.budgetSeconds)}`,
        ...r.items.map(
          (i) =>
            `  ${String(i.position + 1).padStart(3)}. ${i.verdict ? (i.verdict.correct ? 'correct  ' : 'incorrect') : 'no answer'}  ${i.externalId}  ${minutes(i.activeSeconds)}${i.verdict ? `  ${i.verdict.prediction} vs ${i.gold}: ${i.verdict.rule}` : ''}`,
        ),
      ].join('\n'),
    );
    return r;
  },
};

export const sessionFinishCommand: CliCommand = {
  name: 'session finish',
  summary: 'End an expert session and grade its submitted answers',
  usage: 'workbench session finish ID [--json] [--workspace DIR]',
  async run(ctx) {
    const sessionId = sessionIdArg(ctx, 'session finish');
    const services = await ctx.services();
    const r = await callOrThrow(services.registry, 'sessions.finish', {
      sessionId,
    });
    ctx.say(`session #${sessionId} finished; active ${minutes(r.clock.activeSeconds)}`);
    return r;
  },
};

export const sessionAgreementCommand: CliCommand = {
  name: 'session agreement',
  summary:
    "Agreement of finished sessions on the same questions: percent, Cohen's and Fleiss' kappa",
  usage: 'workbench session agreement ID ID [ID…] [--json] [--workspace DIR]',
  readOnly: true,
  async run(ctx) {
    if (ctx.args.length < 2)
      throw new CliError('session agreement needs two or more session IDs', 2);
    const sessionIds = ctx.args.map((a) => wholeNumber(a, 'a session ID'));
    const services = await ctx.services();
    const r = await callOrThrow(services.registry, 'sessions.agreement', {
      sessionIds,
    });
    const k = (x: number | null) => (x === null ? 'undefined' : x.toFixed(3));
    ctx.say(
      [
        `${r.raters.map((x) => `${x.expert}${x.signature === 'unsigned' ? ' (unsigned)' : ''}`).join(', ')}: ${r.n} questions answered by all`,
        `  agree on correctness: ${pct(r.percent)}; Cohen's κ ${k(r.cohenKappa)}; Fleiss' κ ${k(r.fleissKappa)}`,
        ...r.excluded.map(
          (x) => `  session #${x.sessionId} counted once, as #${x.sameAs}: ${x.reason}`,
        ),
      ].join('\n'),
    );
    return r;
  },
};
