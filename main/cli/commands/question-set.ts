import {
  selectionText,
  type QuestionSet,
  type QuestionSetCreateInput,
  type QuestionSetFilter,
} from '../../../shared/question-sets/question-set';
import { Stratify } from '../../../shared/sessions/session';
import type { Services } from '../../services';
import { callOrThrow } from '../call';
import { CliError, type CliCommand } from '../command';
import { readIdList } from '../id-list';
import { wholeNumber } from '../flags';
import { compact } from '../../../shared/util/compact';

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** A comma-separated option as its values (empty ones dropped); undefined when not given. */
function list(v: unknown, flag: string): string[] | undefined {
  const t = text(v);
  if (t === undefined) return undefined;
  const values = t
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (values.length === 0) throw new CliError(`${flag} needs one or more values`, 2);
  return values;
}

/** A one-line description of a set, for lists. */
export function setLine(s: QuestionSet): string {
  return `#${s.id}  ${s.name}  ${s.questionIds.length} questions of ${s.datasetName} (#${s.datasetId})  ${selectionText(s.selection)}`;
}

function datasetIdOf(services: Services, v: unknown): number | undefined {
  const t = text(v);
  return t === undefined ? undefined : services.datasets.find(t).id;
}

// Not through the contract: a dataset or set is found by id or name with the services (no method looks a name up); create (with --ids), list and show then go through the registry.
const questionSetCreateCommand: CliCommand = {
  name: 'question-set create',
  summary:
    'Name a set of a dataset’s questions (by id, by type, answer source or document, or a seeded stratified sample) for sessions and runs',
  usage:
    'workbench question-set create --dataset N|NAME --name NAME [--description TEXT] (--ids FILE|ID,ID… | [--type T,…] [--answer-source S,…] [--document D,…] [--sample K --seed S [--stratify subset|answer-type]]) [--json] [--workspace DIR]',
  options: {
    dataset: { type: 'string' },
    name: { type: 'string' },
    description: { type: 'string' },
    ids: { type: 'string' },
    type: { type: 'string' },
    'answer-source': { type: 'string' },
    document: { type: 'string' },
    sample: { type: 'string' },
    seed: { type: 'string' },
    stratify: { type: 'string' },
  },
  async run(ctx) {
    if (ctx.args.length > 0) throw new CliError(`unexpected argument ${ctx.args[0]}`, 2);
    const v = ctx.values;
    if (text(v.dataset) === undefined) throw new CliError('--dataset N|NAME is required', 2);
    const name = text(v.name)?.trim();
    if (!name) throw new CliError('--name NAME is required', 2);
    const types = list(v.type, '--type');
    const answerSources = list(v['answer-source'], '--answer-source');
    const documents = list(v.document, '--document');
    const filter: QuestionSetFilter = {
      ...(types ? { types } : {}),
      ...(answerSources ? { answerSources } : {}),
      ...(documents ? { documents } : {}),
    };
    const hasFilter = Object.keys(filter).length > 0;
    const stratify = Stratify.safeParse(text(v.stratify) ?? 'none');
    if (!stratify.success) throw new CliError('--stratify must be subset or answer-type', 2);
    if (v.sample === undefined && (v.seed !== undefined || v.stratify !== undefined))
      throw new CliError('--seed and --stratify go with --sample K', 2);
    if (v.sample !== undefined && v.seed === undefined)
      throw new CliError('--sample K needs --seed S (the same seed draws the same questions)', 2);
    const sample =
      v.sample === undefined
        ? undefined
        : {
            count: wholeNumber(v.sample, '--sample'),
            seed: wholeNumber(v.seed, '--seed', { signed: true }),
            stratify: stratify.data,
          };
    const ids = text(v.ids);
    if (ids !== undefined && (hasFilter || sample))
      throw new CliError(
        '--ids cannot be combined with --type, --answer-source, --document or --sample',
        2,
      );
    if (ids === undefined && !hasFilter && !sample)
      throw new CliError(
        'say which questions: --ids FILE|ID,…, a filter (--type, --answer-source, --document) and/or --sample K --seed S',
        2,
      );
    const services = await ctx.services();
    const datasetId = datasetIdOf(services, v.dataset)!;
    const input: QuestionSetCreateInput = {
      datasetId,
      name,
      ...(text(v.description) !== undefined ? { description: text(v.description) } : {}),
      // Each the dataset's own id or a workspace id: the contract's `ids`, resolved there.
      ...(ids !== undefined ? { ids: readIdList(ids, '--ids') } : {}),
      ...(hasFilter ? { filter } : {}),
      ...(sample ? { sample } : {}),
    };
    const { set } = await callOrThrow(services.registry, 'questionSets.create', input);
    ctx.say(
      [
        `created question set #${set.id} "${set.name}": ${set.questionIds.length} questions of ${set.datasetName} (#${set.datasetId})`,
        `  chosen: ${selectionText(set.selection)}`,
        `  use:    workbench session create --question-set ${set.id} …; workbench eval --questions ${set.id} …`,
      ].join('\n'),
    );
    return { set };
  },
};

const questionSetListCommand: CliCommand = {
  name: 'question-set list',
  summary: 'List question sets (newest first): dataset, size, how they were chosen',
  usage: 'workbench question-set list [--dataset N|NAME] [--json] [--workspace DIR]',
  options: { dataset: { type: 'string' } },
  readOnly: true,
  async run(ctx) {
    if (ctx.args.length > 0) throw new CliError(`unexpected argument ${ctx.args[0]}`, 2);
    const services = await ctx.services();
    const datasetId = datasetIdOf(services, ctx.values.dataset);
    const r = await callOrThrow(services.registry, 'questionSets.list', compact({ datasetId }));
    ctx.say(r.sets.length === 0 ? 'no question sets' : r.sets.map(setLine).join('\n'));
    return r;
  },
};

const questionSetShowCommand: CliCommand = {
  name: 'question-set show',
  summary:
    'A question set’s questions (workspace id, dataset id, type, text) and the sessions and runs on it',
  usage: 'workbench question-set show SET [--json] [--workspace DIR]   (SET: its id or name)',
  readOnly: true,
  async run(ctx) {
    if (ctx.args.length !== 1)
      throw new CliError('question-set show needs exactly one SET (its id or name)', 2);
    const services = await ctx.services();
    const set = services.questionSets.find(ctx.args[0]!);
    const r = await callOrThrow(services.registry, 'questionSets.get', {
      id: set.id,
    });
    ctx.say(
      [
        setLine(r.set),
        ...(r.set.description ? [`  ${r.set.description}`] : []),
        `  key ${r.set.key}; sessions on it: ${r.sessionIds.map((id) => `#${id}`).join(', ') || 'none'}; runs from it: ${r.runIds.map((id) => `#${id}`).join(', ') || 'none'}`,
        ...(r.missing.length
          ? [`  ${r.missing.length} no longer in the dataset: ${r.missing.slice(0, 10).join(', ')}`]
          : []),
        ...r.questions.map((q) => `${q.id}\t${q.externalId}\t${q.type}\t${q.question}`),
      ].join('\n'),
    );
    return r;
  },
};

export const questionSetCommands: CliCommand[] = [
  questionSetCreateCommand,
  questionSetListCommand,
  questionSetShowCommand,
];
