import { Stratify } from '../../../shared/sessions/session';
import { callOrThrow } from '../call';
import { CliError, type CliCommand } from '../command';
import { minutesAsSeconds, wholeNumber } from '../flags';
import { minutes } from './session-args';

// Not through the contract: --question-set finds the set by id or name with QuestionSetService (no method looks a name up); the session is made through sessions.create.
export const sessionCreateCommand: CliCommand = {
  name: 'session create',
  summary: 'Create a timed, blinded expert session: N questions of a dataset sampled with a seed',
  usage:
    'workbench session create (--dataset-id N --questions K [--stratify subset|answer-type] | --question-set SET | --same-questions-as SESSION) --seed S --minutes M --expert NAME [--per-question-minutes M] [--instructions TEXT] [--json] [--workspace DIR]',
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
    'question-set': { type: 'string' },
  },
  async run(ctx) {
    if (ctx.args.length > 0) throw new CliError(`unexpected argument ${ctx.args[0]}`, 2);
    const v = ctx.values;
    const stratify = v.stratify === undefined ? 'none' : v.stratify;
    if (!Stratify.safeParse(stratify).success)
      throw new CliError('--stratify must be subset or answer-type', 2);
    if (typeof v.expert !== 'string' || v.expert.trim() === '')
      throw new CliError('--expert NAME is required', 2);
    const setArg = typeof v['question-set'] === 'string' ? v['question-set'] : undefined;
    if (setArg !== undefined && (v.questions !== undefined || v['same-questions-as'] !== undefined))
      throw new CliError(
        '--question-set says the questions; --questions and --same-questions-as cannot be given with it',
        2,
      );
    const set = setArg === undefined ? undefined : (await ctx.services()).questionSets.find(setArg);
    const input = {
      datasetId:
        set && v['dataset-id'] === undefined
          ? set.datasetId
          : wholeNumber(v['dataset-id'], '--dataset-id'),
      ...(set
        ? { questionSetId: set.id }
        : v['same-questions-as'] !== undefined && v.questions === undefined
          ? {}
          : { questionCount: wholeNumber(v.questions, '--questions') }),
      seed: wholeNumber(v.seed, '--seed', { signed: true }),
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
    const r = await callOrThrow(services.registry, 'sessions.create', input);
    const s = r.session;
    ctx.say(
      [
        `created session #${s.id} for ${s.expert} on ${s.datasetName}`,
        `  questions: ${s.questionIds.length} (seed ${s.seed}, stratified: ${s.stratify})${set ? `, question set #${set.id} "${set.name}"` : ''}`,
        `  budget:    ${minutes(s.budgetSeconds)}${s.perQuestionCapSeconds !== null ? `, at most ${minutes(s.perQuestionCapSeconds)} per question` : ''}`,
      ].join('\n'),
    );
    return { sessionId: r.sessionId };
  },
};
