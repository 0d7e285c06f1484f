import { RUN_IMPORT_FORMATS, RunMode, type RunImportFormat } from '../../../shared/runs/run';
import { scorers } from '../../../shared/grading/scorers';
import { CliError, type CliCommand } from '../command';
import { optionalWholeNumber } from '../flags';
import { compact } from '../../../shared/util/compact';

const isFormat = (v: string): v is RunImportFormat =>
  (RUN_IMPORT_FORMATS as readonly string[]).includes(v);

const listed = (c: { count: number; examples: string[] }) =>
  c.count === 0
    ? '0'
    : `${c.count} (${c.examples.slice(0, 5).join(', ')}${c.count > 5 ? ', …' : ''})`;

// Not through the contract: prints a line per tenth of the items as their batches commit (runs.import answers only at the end), then reads the manifest.
export const importRunCommand: CliCommand = {
  name: 'import-run',
  summary:
    'Import a prediction file as an evaluation run, graded against a dataset in the workspace',
  usage:
    `workbench import-run --format ${RUN_IMPORT_FORMATS.join('|')} FILE [--dataset-id N] ` +
    `[--model NAME] [--mode ${RunMode.options.join('|')}] [--scorer ID[,ID…]] [--json] [--workspace DIR]`,
  options: {
    format: { type: 'string' },
    'dataset-id': { type: 'string' },
    model: { type: 'string' },
    mode: { type: 'string' },
    scorer: { type: 'string' },
  },
  async run(ctx) {
    const { format, model, mode, scorer } = ctx.values;
    const datasetId = ctx.values['dataset-id'];
    if (typeof format !== 'string' || !isFormat(format))
      throw new CliError(`--format must be one of ${RUN_IMPORT_FORMATS.join(', ')}`, 2);
    if (ctx.args.length !== 1) throw new CliError('import-run needs exactly one FILE', 2);
    const datasetIdValue = optionalWholeNumber(datasetId, '--dataset-id');
    let runMode: RunMode | undefined;
    if (typeof mode === 'string') {
      const m = RunMode.safeParse(mode);
      if (!m.success) throw new CliError(`--mode must be one of ${RunMode.options.join(', ')}`, 2);
      runMode = m.data;
    }
    const scorerIds =
      typeof scorer === 'string'
        ? scorer
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : undefined;
    if (scorerIds?.length === 0)
      throw new CliError(`--scorer needs one or more of ${Object.keys(scorers).join(', ')}`, 2);
    const { runs } = await ctx.services();
    let shownTenth = -1;
    const r = await runs.importFile({
      format,
      path: ctx.args[0]!,
      ...compact({ datasetId: datasetIdValue }),
      ...(typeof model === 'string' ? { model } : {}),
      ...(runMode ? { mode: runMode } : {}),
      ...(scorerIds ? { scorers: scorerIds } : {}),
      // A line per tenth of the items, each after its batch is committed.
      onProgress: (written, total, id) => {
        const tenth = Math.floor((10 * written) / total);
        if (tenth === shownTenth) return;
        shownTenth = tenth;
        ctx.progress(`run #${id}: ${written}/${total} items committed`);
      },
    });
    const { summary, manifest } = runs.get(r.runId);
    ctx.say(
      [
        `imported run #${r.runId}: ${summary.model}${summary.mode ? ` (${summary.mode})` : ''} on dataset #${r.datasetId}`,
        `  records:     ${r.records}`,
        `  matched:     ${r.matched} items${r.unanswered > 0 ? ` (${r.unanswered} questions of the dataset not answered)` : ''}`,
        `  unknown ids: ${listed(r.unknownIds)}`,
        ...(r.unreadable.count > 0 ? [`  unreadable:  ${listed(r.unreadable)}`] : []),
        ...(r.duplicates.count > 0
          ? [`  duplicates:  ${listed(r.duplicates)} (first answer kept)`]
          : []),
        `  accuracy:    ${Object.entries(r.accuracy)
          .map(
            ([s, a]) =>
              `${s === 'imported' ? 'imported (recorded in the file)' : s} ${a.toFixed(2)}%`,
          )
          .join(', ')}`,
        ...r.warnings.map((w) => `  warning:     ${w}`),
        `  scorers:     ${manifest.scorers.map((x) => x.id).join(', ')}; report: workbench report ${r.runId}`,
      ].join('\n'),
    );
    return r;
  },
};
