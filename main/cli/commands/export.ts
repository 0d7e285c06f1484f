import { exportTranscripts } from '../../export/export-transcripts';
import { EXPORT_FORMATS, isExportFormat, type ExportTarget } from '../../export/export-target';
import { CliError, type CliCommand } from '../command';
import { parseRunRef, RUN_REF_FORMS } from '../run-ref';

/** `session:N`, or a run as every command takes one (`N`, `run:N`, `#N`). */
function exportTarget(text: string): ExportTarget {
  const session = /^session:(\d+)$/.exec(text.trim());
  if (session && Number.isSafeInteger(Number(session[1])))
    return { kind: 'session', id: Number(session[1]) };
  if (/^session:/.test(text.trim()))
    throw new CliError(`"${text}" is not a session: write session:N (workbench session list)`, 2);
  return { kind: 'run', id: parseRunRef(text, 'the run or session:N') };
}

// Not through the contract: writes the --out file item by item and atomically; export.bytes builds the whole file in memory for a download.
export const exportCommand: CliCommand = {
  name: 'export',
  summary:
    'Export the graded transcripts of a run or a finished session (HTML report, JSONL, CSV, DocMath-Eval CodaLab, TAT-QA predictions)',
  usage: `workbench export RUN|session:N --format ${EXPORT_FORMATS.join('|')} --out FILE [--scorer ID] [--json] [--workspace DIR]\n       RUN: a run as workbench runs lists it: 5, run:5 or #5`,
  options: {
    format: { type: 'string' },
    out: { type: 'string' },
    scorer: { type: 'string' },
  },
  readOnly: true,
  async run(ctx) {
    const { format, out, scorer } = ctx.values;
    if (ctx.args.length !== 1)
      throw new CliError(`export needs exactly one run (${RUN_REF_FORMS}) or session:N`, 2);
    if (typeof format !== 'string' || !isExportFormat(format))
      throw new CliError(`--format must be one of ${EXPORT_FORMATS.join(', ')}`, 2);
    if (typeof out !== 'string' || out.trim() === '')
      throw new CliError('--out FILE is required', 2);
    const target = exportTarget(ctx.args[0]!);
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
