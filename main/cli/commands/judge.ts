import { readFile } from 'node:fs/promises';
import { SecretName } from '../../../shared/llm/provider';
import type { RunJudgeResult, RunPairwiseResult } from '../../../shared/runs/judge';
import { eloMarkdown } from '../../../shared/runs/judge-format';
import type { PoolProgress } from '../../runs/judge/judge-pool';
import { callOrThrow } from '../call';
import { CliError, type CliCommand, type CliContext } from '../command';
import { parseRunRefs } from '../run-ref';
import { optionalWholeNumber } from '../flags';
import { compact } from '../../../shared/util/compact';

const MAX_RUBRIC_CHARS = 50_000;

async function settings(ctx: CliContext) {
  const v = ctx.values;
  const baseUrl = typeof v['base-url'] === 'string' ? v['base-url'] : undefined;
  if (baseUrl === undefined)
    throw new CliError('--base-url URL (the judge endpoint) is required', 2);
  const model = typeof v.model === 'string' ? v.model.trim() : '';
  if (!model) throw new CliError('--model NAME (the judge model) is required', 2);
  const apiKeyName = typeof v['api-key-name'] === 'string' ? v['api-key-name'] : undefined;
  if (apiKeyName !== undefined && !SecretName.safeParse(apiKeyName).success)
    throw new CliError(
      `--api-key-name must be lower-case letters, digits, ".", "_" or "-", got ${apiKeyName}`,
      2,
    );
  let rubricText: string | undefined;
  if (typeof v.rubric === 'string') {
    try {
      rubricText = await readFile(v.rubric, 'utf8');
    } catch (e) {
      throw new CliError(`--rubric ${v.rubric}: ${(e as Error).message}`, 2);
    }
    if (rubricText.trim() === '' || rubricText.length > MAX_RUBRIC_CHARS)
      throw new CliError(
        `--rubric ${v.rubric} must hold the rubric's text (1 to ${MAX_RUBRIC_CHARS} characters), it has ${rubricText.trim().length}`,
        2,
      );
  }
  const concurrency = optionalWholeNumber(v.concurrency, '--concurrency', { min: 1, max: 64 });
  const limit = optionalWholeNumber(v.limit, '--limit', { min: 1 });
  const provider = { baseUrl, ...compact({ apiKeyName }) };
  return {
    provider,
    model,
    ...compact({ rubricText, concurrency, limit }),
  };
}

/** A progress line on stderr at every tenth of the way (and the last). */
function progressPrinter(ctx: CliContext, what: string) {
  let shown = -1;
  return (p: PoolProgress) => {
    const tenth = Math.floor((10 * p.done) / p.total);
    if (tenth === shown) return;
    shown = tenth;
    ctx.progress(
      `${what}: ${p.done}/${p.total} judgements${p.failed > 0 ? ` (${p.failed} failed)` : ''}`,
    );
  };
}

function outcome(r: RunJudgeResult | RunPairwiseResult, again: string): string {
  const parts = [
    `${r.asked} asked, ${r.reused} re-used`,
    r.unreadable > 0 ? `${r.unreadable} unreadable` : '',
    r.refused > 0 ? `${r.refused} refused` : '',
    r.failed > 0 ? `${r.failed} failed (first: ${r.firstError ?? '?'})` : '',
    r.notAsked > 0 ? `${r.notAsked} not asked` : '',
  ].filter(Boolean);
  return `${parts.join(', ')}${r.failed + r.notAsked > 0 ? `; \`${again}\` asks what is missing` : ''}`;
}

// Not through the contract: judging prints a line per tenth of the judgements (runs.judge answers only at the end); --show goes through runs.judgements.
export const judgeCommand: CliCommand = {
  name: 'judge',
  summary:
    "Grade a run's answers with an LLM judge and a rubric (kept apart from the scorers), or compare runs pairwise for an Elo table",
  usage:
    'workbench judge RUN --base-url URL --model NAME [--api-key-name NAME] [--rubric FILE] [--concurrency N] [--limit N] [--json] [--workspace DIR]\n       workbench judge RUN --show [--model NAME] [--json]   (stored judgements: verdict, reason; --json adds prompt and raw reply)\n       workbench judge --pairwise RUN_A RUN_B [RUN_C …] --base-url URL --model NAME [--api-key-name NAME] [--rubric FILE] [--concurrency N] [--limit N] [--json] [--workspace DIR]\n       RUN: a run as workbench runs lists it: 5, run:5 or #5',
  options: {
    pairwise: { type: 'boolean' },
    show: { type: 'boolean' },
    'base-url': { type: 'string' },
    model: { type: 'string' },
    'api-key-name': { type: 'string' },
    rubric: { type: 'string' },
    concurrency: { type: 'string' },
    limit: { type: 'string' },
  },
  async run(ctx) {
    const pairwise = ctx.values.pairwise === true;
    const ids = parseRunRefs(ctx.args, 'a RUN');
    if (ctx.values.show === true) {
      if (pairwise || ids.length !== 1) throw new CliError('judge --show needs exactly one RUN', 2);
      const model = typeof ctx.values.model === 'string' ? ctx.values.model : undefined;
      const { registry } = await ctx.services();
      const { judgements } = await callOrThrow(registry, 'runs.judgements', {
        runId: ids[0]!,
        ...compact({ judgeModel: model }),
      });
      ctx.say(
        judgements.length === 0
          ? `run #${ids[0]} has no judgements${model ? ` by ${model}` : ''}`
          : judgements
              .map(
                (j) =>
                  `${j.externalId}\t${j.judgeModel}/${j.rubricId}\t${j.status === 'judged' ? `${j.verdict} ${j.score}` : j.status}\t${j.reason}`,
              )
              .join('\n'),
      );
      return { judgements };
    }
    if (pairwise ? ids.length < 2 : ids.length !== 1)
      throw new CliError(
        pairwise
          ? 'judge --pairwise needs two or more RUN ids'
          : 'judge needs exactly one RUN id (or --pairwise RUN_A RUN_B …)',
        2,
      );
    const s = await settings(ctx);
    const { judge } = await ctx.services();
    const again = `workbench judge ${pairwise ? '--pairwise ' : ''}${ids.join(' ')} --base-url ${s.provider.baseUrl} --model ${s.model}${ctx.values.rubric ? ` --rubric ${String(ctx.values.rubric)}` : ''}`;
    if (pairwise) {
      const r = await judge.pairwise(
        { ...s, runIds: ids },
        progressPrinter(ctx, `judging runs ${ids.map((id) => `#${id}`).join(', ')} pairwise`),
      );
      ctx.say(
        `${r.questions} questions × ${ids.length} runs compared by ${r.judgeModel} (${r.rubric.id}), both orders: ${outcome(r, again)}\n\n${eloMarkdown(r.elo).trimEnd()}`,
      );
      if (r.failed + r.notAsked > 0)
        throw new CliError(`pairwise judging incomplete: ${outcome(r, again)}`, 1, r);
      return r;
    }
    const r = await judge.judge(
      { ...s, runId: ids[0]! },
      progressPrinter(ctx, `judging run #${ids[0]}`),
    );
    const j = r.summary;
    ctx.say(
      `run #${r.runId} judged by ${r.judgeModel} (${r.rubric.id}): ${j.correct}/${j.n} correct (${j.accuracy.toFixed(2)}%, 95% ${j.interval.low.toFixed(2)}–${j.interval.high.toFixed(2)}), ${j.partially} partially, mean score ${j.meanScore?.toFixed(3) ?? '–'}; ${outcome(r, again)}` +
        (r.skipped > 0 ? `; ${r.skipped} items without an answer or gold not judged` : ''),
    );
    if (r.failed + r.notAsked > 0)
      throw new CliError(`judging incomplete: ${outcome(r, again)}`, 1, r);
    return r;
  },
};
