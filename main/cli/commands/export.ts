import { exportTranscripts } from '../../export/export-transcripts';
import { EXPORT_FORMATS, isExportFormat, parseExportTarget } from '../../export/export-target';
import { CliError, type CliCommand } from '../command';

export const exportCommand: CliCommand = {
  name: 'export',
  summary:
    'Export the graded transcripts of a run or a finished session (HTML report, JSONL, CSV, DocMath-Eval CodaLab, TAT-QA predictions)',
  usage: `workbench export run:N|session:N --format ${EXPORT_FORMATS.join('|')} --out FILE [--scorer ID] [--json] [--workspace DIR]`,
  options: {
    format: { type: 'string' },
    out: { type: 'string' },
    scorer: { type: 'string' },
  },
  readOnly: true,
  async run(ctx) {
    const { format, out, scorer } = ctx.values;
    if (ctx.args.length !== 1) throw new CliError('export needs exactly one run:N or session:N', 2);
    if (typeof format !== 'string' || !isExportFormat(format))
      throw new CliError(`--format must be one of ${EXPORT_FORMATS.join(', ')}`, 2);
    if (typeof out !== 'string' || out.trim() === '')
      throw new CliError('--out FILE is required', 2);
    let target;
    try {
      target = parseExportTarget(ctx.args[0]!);
    } catch (e) {
      throw new CliError((e as Error).message, 2);
    }
    const services = await ctx.services();
    const r = await exportTranscripts(
      {
        db: services.workspace.db,
        runs: services.runs,
        sessions: services.sessions,
        datasets: services.datasets,
        documents: services.documents,
      },
      target,
      { format, out, ...(typeof scorer === 'string' ? { scorer } : {}) },
    );
    ctx.say(`wrote ${r.items} items of ${r.target} as ${r.format} to ${r.path} (${r.bytes} bytes)`);
    return r;
  },
};
