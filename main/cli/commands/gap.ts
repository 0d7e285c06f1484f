import { writeFile } from 'node:fs/promises';
import { gapMarkdown } from '../../../shared/gap/gap-format';
import { callOrThrow } from '../call';
import { CliError, type CliCommand } from '../command';
import { optionalWholeNumber, wholeNumber } from '../flags';
import { parseRunRef } from '../run-ref';
import { compact } from '../../../shared/util/compact';

const FORMATS = ['md', 'json'] as const;

export const gapCommand: CliCommand = {
  name: 'gap',
  summary:
    'The human-vs-model gap: a finished session vs a run on the questions both answered (McNemar, paired bootstrap, time, disagreements, evidence overlap)',
  usage: `workbench gap --session ID --run RUN [--scorer ID] [--seed N] [--format ${FORMATS.join('|')}] [--out FILE] [--json] [--workspace DIR]\n       RUN: a run as workbench runs lists it: 5, run:5 or #5`,
  options: {
    session: { type: 'string' },
    run: { type: 'string' },
    scorer: { type: 'string' },
    seed: { type: 'string' },
    format: { type: 'string' },
    out: { type: 'string' },
  },
  readOnly: true,
  async run(ctx) {
    const { session, run, scorer, seed, format = 'md', out } = ctx.values;
    if (typeof format !== 'string' || !(FORMATS as readonly string[]).includes(format))
      throw new CliError(`--format must be one of ${FORMATS.join(', ')}`, 2);
    if (ctx.args.length > 0) throw new CliError(`gap takes no arguments: ${gapCommand.usage}`, 2);
    const sessionId = wholeNumber(session, '--session');
    const runId = parseRunRef(run, '--run');
    const seedValue = optionalWholeNumber(seed, '--seed', { signed: true });
    const { registry } = await ctx.services();
    const report = await callOrThrow(registry, 'gap.compare', {
      sessionId,
      runId,
      ...(typeof scorer === 'string' ? { scorer } : {}),
      ...compact({ seed: seedValue }),
    });
    const text = format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : gapMarkdown(report);
    if (typeof out === 'string') {
      await writeFile(out, text);
      ctx.say(`wrote ${out}`);
    } else if (!(ctx.json && format === 'json')) ctx.say(text.trimEnd());
    return report;
  },
};
