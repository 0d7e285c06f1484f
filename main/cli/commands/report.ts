import { writeFile } from 'node:fs/promises';
import { eloMarkdown } from '../../../shared/runs/judge-format';
import { reportCsv, reportMarkdown } from '../../../shared/runs/report-format';
import { callOrThrow } from '../call';
import { CliError, type CliCommand } from '../command';
import { parseRunRef } from '../run-ref';
import { compact } from '../../../shared/util/compact';

const FORMATS = ['md', 'json', 'csv'] as const;

export const reportCommand: CliCommand = {
  name: 'report',
  summary:
    'Report a run: accuracy per scorer and subset, intervals, failures; --compare another run',
  usage: `workbench report RUN [--compare RUN] [--scorer ID] [--format ${FORMATS.join('|')}] [--out FILE] [--json] [--workspace DIR]\n       workbench report --elo RUN_A,RUN_B[,…] [--judge-model NAME] [--rubric-id ID] [--format md|json] [--out FILE] [--json] [--workspace DIR]\n       RUN: a run as workbench runs lists it: 5, run:5 or #5`,
  options: {
    compare: { type: 'string' },
    scorer: { type: 'string' },
    format: { type: 'string' },
    elo: { type: 'string' },
    'judge-model': { type: 'string' },
    'rubric-id': { type: 'string' },
    // Declared here rather than through `outFile`: a new command has no old `--json OUT` spelling.
    out: { type: 'string' },
  },
  readOnly: true,
  async run(ctx) {
    const { compare, scorer, format = 'md', out } = ctx.values;
    if (typeof format !== 'string' || !(FORMATS as readonly string[]).includes(format))
      throw new CliError(`--format must be one of ${FORMATS.join(', ')}`, 2);
    let result: unknown;
    let text: string;
    if (typeof ctx.values.elo === 'string') {
      if (ctx.args.length > 0 || compare !== undefined || scorer !== undefined || format === 'csv')
        throw new CliError('--elo RUN_A,RUN_B,… takes no RUN, --compare, --scorer or csv', 2);
      const ids = ctx.values.elo.split(',').map((v) => parseRunRef(v, '--elo'));
      const { 'judge-model': judgeModel, 'rubric-id': rubricId } = ctx.values;
      const { registry } = await ctx.services();
      const table = await callOrThrow(registry, 'runs.elo', {
        runIds: ids,
        ...(typeof judgeModel === 'string' ? { judgeModel } : {}),
        ...(typeof rubricId === 'string' ? { rubricId } : {}),
      });
      result = table;
      text = format === 'json' ? `${JSON.stringify(table, null, 2)}\n` : eloMarkdown(table);
    } else {
      if (ctx.args.length !== 1) throw new CliError('report needs exactly one RUN', 2);
      const id = parseRunRef(ctx.args[0], 'RUN');
      const other = typeof compare === 'string' ? parseRunRef(compare, '--compare') : undefined;
      const { registry } = await ctx.services();
      const { report, comparison } = await callOrThrow(registry, 'runs.report', {
        runId: id,
        ...compact({ compareTo: other }),
        ...(typeof scorer === 'string' ? { scorer } : {}),
      });
      result = { ...report, comparison };
      text =
        format === 'json'
          ? `${JSON.stringify(result, null, 2)}\n`
          : format === 'csv'
            ? reportCsv(report)
            : reportMarkdown(report, comparison ?? undefined);
    }
    if (typeof out === 'string') {
      await writeFile(out, text);
      ctx.say(`wrote ${out}`);
    } else if (!(ctx.json && format === 'json')) ctx.say(text.trimEnd());
    return result;
  },
};
