import { writeFileSync } from 'node:fs';
import { datasetFormats, isDatasetFormat } from '../../../shared/datasets';
import type { ImportChanges } from '../../../shared/datasets';
import { CliError, type CliCommand } from '../command';

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** "3 added, 1 changed (q7), 0 removed, 1,664 unchanged": ids kept for unchanged questions. */
function changeLine(c: ImportChanges): string {
  const part = (n: number, what: string, ids: string[]) =>
    `${n} ${what}${ids.length > 0 ? ` (${ids.slice(0, 5).join(', ')}${n > 5 ? ', …' : ''})` : ''}`;
  return [
    part(c.added, 'added', c.examples.added),
    part(c.changed, 'changed', c.examples.changed),
    part(c.removed, 'removed', c.examples.removed),
    `${c.unchanged} unchanged`,
  ].join(', ');
}

// Not through the contract: its --out writes the documents and questions read, which datasets.import does not answer.
export const importDatasetCommand: CliCommand = {
  name: 'import-dataset',
  summary: 'Read a benchmark dataset file into documents and questions (TAT-QA, FinQA, ...)',
  usage: `workbench import-dataset --format ${datasetFormats.join('|')} FILE [--out OUT] [--json] [--workspace DIR]`,
  // --out OUT: the documents and questions read, as JSON.
  outFile: { minArgs: 1 },
  options: { format: { type: 'string' } },
  async run(ctx) {
    const format = ctx.values.format;
    if (typeof format !== 'string' || !isDatasetFormat(format))
      throw new CliError(`--format must be one of ${datasetFormats.join(', ')}`, 2);
    if (ctx.args.length !== 1) throw new CliError('import-dataset needs exactly one FILE', 2);
    const file = ctx.args[0] as string;
    const out = typeof ctx.values.out === 'string' ? ctx.values.out : undefined;
    const started = performance.now();
    const services = await ctx.services();
    // Read in a worker job, so Ctrl-C stops a long read at once.
    const r = await services.datasets.importFile(format, file);
    if (out !== undefined) {
      const { documents, questions } = r.imported;
      writeFileSync(out, `${JSON.stringify({ documents, questions })}\n`);
    }
    const counterfactual = r.imported.questions.filter((q) => q.gold.counterfactualOf).length;
    ctx.say(
      [
        `imported ${r.name} (${format}) as dataset #${r.datasetId}${r.replaced ? ', replacing the earlier import' : ''}`,
        `  documents: ${r.documents}`,
        ...(r.replaced ? [`  changes:   questions ${changeLine(r.questionChanges)}`] : []),
        `  questions: ${r.questions}${counterfactual > 0 ? ` (${counterfactual} counterfactual)` : ''}`,
        `  tables:    ${r.tables} (${r.cells} cells)`,
        `  original:  library #${r.sourceDocumentId}${r.pdfsStored > 0 ? `, plus ${r.pdfsStored} referenced PDFs` : ''}`,
        `  time:      read ${seconds(r.readMs)}, store ${seconds(r.storeMs)}, total ${seconds(performance.now() - started)}`,
        ...(out !== undefined ? [`  wrote:     ${out}`] : []),
      ].join('\n'),
    );
    const { imported: _imported, ...summary } = r;
    return summary;
  },
};
