import type { ImportReport } from '../../../shared/library/document';
import { callOrThrow } from '../call';
import type { JobProgressReport } from '../progress';
import { CliError, type CliCommand } from '../command';

export const importCommand: CliCommand = {
  name: 'import',
  summary: 'Store files in the workspace library (SEC HTML, PDF, datasets, other)',
  usage: 'workbench import FILE... [--workspace DIR] [--json]',
  async run(ctx) {
    if (ctx.args.length === 0) throw new CliError('import needs at least one FILE', 2);
    const { registry, bus } = await ctx.services();
    // A big file reports every chunk it copies: shown in place on a terminal, now and then in a log.
    const printer = ctx.jobProgress();
    const stop = bus.subscribe((name, payload) => {
      if (name === 'job.progress') printer.update(payload as JobProgressReport);
    });
    let report: ImportReport;
    try {
      report = await callOrThrow(registry, 'library.importPaths', {
        paths: ctx.args,
      });
    } finally {
      stop();
      printer.end();
    }
    for (const item of report.items) {
      if (item.ok) {
        const d = item.document;
        ctx.say(
          `stored ${d.name} as #${d.id} (${d.kind}, ${d.size} bytes, sha256 ${d.sha256.slice(0, 12)})`,
        );
      } else {
        ctx.progress(`failed ${item.error.message} [${item.error.code}]`);
      }
    }
    const failed = report.items.filter((i) => !i.ok).length;
    if (failed > 0)
      throw new CliError(`${failed} of ${report.items.length} files not imported`, 1, report);
    return report;
  },
};
