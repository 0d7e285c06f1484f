import { Stratify } from '../../../shared/sessions/session';
import { callOrThrow } from '../call';
import { CliError, type CliCommand } from '../command';
import { minutes, minutesAsSeconds, wholeNumber } from './session-args';
import type { MethodOutput } from '../../../shared/api/contract';

export const sessionCreateCommand: CliCommand = {
  name: 'session create',
  summary: 'Create a timed, blinded expert session: N questions of a dataset sampled with a seed',
  usage:
    'workbench session create --dataset-id N --questions K --seed S --minutes M --expert NAME [--per-question-minutes M] [--stratify subset|answer-type] [--instructions TEXT] [--same-questions-as SESSION] [--json] [--workspace DIR]',
  options: {
    'dataset-id': { type: 'string' },
    questions: { type: 'string' },
    seed: { type: 'string' },
    minutes: { type: 'string' },
    expert: { type: 'string' },
    'per-question-minutes': { type: 'string' },
    stratify: { type: 'string' },
    instructions: { type: 'string' },
    'same-questions-as': { type: 'string' },
  },
  async run(ctx) {
    if (ctx.args.length > 0) throw new CliError(`unexpected argument ${ctx.args[0]}`, 2);
    const v = ctx.values;
    const stratify = v.stratify === undefined ? 'none' : v.stratify;
    if (!Stratify.safeParse(stratify).success)
      throw new CliError('--stratify must be subset or answer-type', 2);
    if (typeof v.expert !== 'string' || v.expert.trim() === '')
      throw new CliError('--expert NAME is required', 2);
    const input = {
      datasetId: wholeNumber(v['dataset-id'], '--dataset-id'),
      questionCount: wholeNumber(v.questions, '--questions'),
      seed: wholeNumber(v.seed, '--seed', true),
      budgetSeconds: minutesAsSeconds(v.minutes, '--minutes'),
      expert: v.expert,
      stratify,
      ...(v['per-question-minutes'] !== undefined
        ? {
            perQuestionCapSeconds: minutesAsSeconds(
              v['per-question-minutes'],
              '--per-question-minutes',
            ),
          }
        : {}),
      ...(typeof v.instructions === 'string' ? { instructions: v.instructions } : {}),
      ...(v['same-questions-as'] !== undefined
        ? { sameQuestionsAs: wholeNumber(v['same-questions-as'], '--same-questions-as') }
        : {}),
    };
    const services = await ctx.services();
    const r = (await callOrThrow(
      services.registry,
      'sessions.create',
      input,
    )) as MethodOutput<'sessions.create'>;
    const s = r.session;
    ctx.say(
      [
        `created session #${s.id} for ${s.expert} on ${s.datasetName}`,
        `  questions: ${s.questionIds.length} (seed ${s.seed}, stratified: ${s.stratify})`,
        `  budget:    ${minutes(s.budgetSeconds)}${s.perQuestionCapSeconds !== null ? `, at most ${minutes(s.perQuestionCapSeconds)} per question` : ''}`,
      ].join('\n'),
    );
    return { sessionId: r.sessionId };
  },
};
