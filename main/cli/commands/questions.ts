import { callOrThrow } from '../call';
import { CliError, type CliCommand } from '../command';

/**
 * `workbench questions --dataset N`: a dataset's questions with the ids a list of questions
 * may use (`question-set create --ids`, `eval --questions FILE`): the workspace id, the
 * dataset's own id, the type and the text. No gold (the list is safe to show an expert).
 */
// Not through the contract: the dataset is found by id or file name with DatasetService.find (no method looks a name up); the list is datasets.questions.
export const questionsCommand: CliCommand = {
  name: 'questions',
  summary:
    'List a dataset’s questions: workspace id, the dataset’s own id, type and text (no gold)',
  usage: 'workbench questions --dataset N|NAME [--json] [--workspace DIR]',
  options: { dataset: { type: 'string' } },
  readOnly: true,
  async run(ctx) {
    if (ctx.args.length > 0) throw new CliError(`unexpected argument ${ctx.args[0]}`, 2);
    const dataset = ctx.values.dataset;
    if (typeof dataset !== 'string' || dataset.trim() === '')
      throw new CliError(
        '--dataset N|NAME is required (its id, as import-dataset prints it, or its file name)',
        2,
      );
    const services = await ctx.services();
    const r = await callOrThrow(services.registry, 'datasets.questions', {
      datasetId: services.datasets.find(dataset.trim()).id,
    });
    ctx.say(
      [
        `${r.dataset.name} (#${r.dataset.id}, ${r.dataset.format}): ${r.questions.length} questions`,
        'id\tdataset id\ttype\tquestion',
        ...r.questions.map((q) => `${q.id}\t${q.externalId}\t${q.type}\t${q.question}`),
      ].join('\n'),
    );
    return r;
  },
};
