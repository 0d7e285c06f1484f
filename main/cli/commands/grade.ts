import { writeFile } from 'node:fs/promises';
import { defaultScorerId, fileDefaultScorerId } from '../../../shared/grading/default-scorers';
import { scorers } from '../../../shared/grading/scorers';
import { gradeFile, GradeInputError, type GradeFileOptions } from '../../grading/grade-file';
import { PREDICTION_FORMATS, type PredictionFormat } from '../../grading/grade-record';
import { formatGradeSummary } from '../../grading/format-summary';
import { CliError, type CliCommand } from '../command';

const isFormat = (v: string): v is PredictionFormat =>
  (PREDICTION_FORMATS as readonly string[]).includes(v);

// Not through the contract: grades a prediction file against a gold file with no workspace (gradeFile); --dataset reads the stored questions in-process.
export const gradeCommand: CliCommand = {
  name: 'grade',
  summary: 'Grade model answers in a prediction file (analyst, strict or official-parity scorers)',
  usage:
    `workbench grade --format ${PREDICTION_FORMATS.join('|')} --predictions FILE ` +
    `[--gold FILE | --dataset ID|NAME] [--scorer ${Object.keys(scorers).join('|')}] [--raw] [--out OUT] [--json] [--workspace DIR]`,
  options: {
    format: { type: 'string' },
    predictions: { type: 'string' },
    gold: { type: 'string' },
    dataset: { type: 'string' },
    scorer: { type: 'string' },
    raw: { type: 'boolean' },
  },
  // --out OUT: the full result (every item) as JSON.
  outFile: { minArgs: 0 },
  async run(ctx) {
    const { format, predictions, gold, dataset, scorer, out, raw } = ctx.values;
    if (typeof format !== 'string' || !isFormat(format))
      throw new CliError(`--format must be one of ${PREDICTION_FORMATS.join(', ')}`, 2);
    if (typeof predictions !== 'string') throw new CliError('--predictions FILE is required', 2);
    if (typeof scorer === 'string' && !(scorer in scorers))
      throw new CliError(`--scorer must be one of ${Object.keys(scorers).join(', ')}`, 2);
    let stored: GradeFileOptions['dataset'];
    let scorerId = typeof scorer === 'string' ? scorer : fileDefaultScorerId(format);
    if (typeof dataset === 'string') {
      const { datasets } = await ctx.services();
      const d = datasets.find(dataset);
      // Graded against stored questions: the dataset format's default scorer, as everywhere.
      if (typeof scorer !== 'string') scorerId = defaultScorerId(d.format);
      stored = {
        name: `#${d.id} ${d.name}`,
        format: d.format,
        questions: datasets.storedQuestions(d.id),
      };
    }
    let result;
    try {
      result = await gradeFile({
        format,
        predictionsPath: predictions,
        ...(typeof gold === 'string' ? { goldPath: gold } : {}),
        ...(stored ? { dataset: stored } : {}),
        scorerId,
        raw: raw === true,
      });
    } catch (e) {
      if (e instanceof GradeInputError) throw new CliError(e.message, 1);
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR' || code === 'EACCES')
        throw new CliError(
          `cannot read ${(e as NodeJS.ErrnoException).path ?? 'file'} (${code})`,
          1,
        );
      throw e;
    }
    if (typeof out === 'string') await writeFile(out, `${JSON.stringify(result, null, 2)}\n`);
    ctx.say(formatGradeSummary(result));
    if (typeof out === 'string') ctx.say(`wrote ${out}`);
    const s = result.summary;
    if (s.n === 0 || s.outcomes.error === s.n)
      throw new CliError(`no item could be graded (${s.n} items, all errors)`, 1, result);
    return result;
  },
};
