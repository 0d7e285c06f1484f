import { writeFile } from 'node:fs/promises';
import type {
  FactsFiling,
  FactsSearchResult,
  FactsSeriesResult,
  FactsSubject,
} from '../../../shared/facts/company-facts';
import { periodText, seriesCsv } from '../../../shared/facts/series';
import { callOrThrow } from '../call';
import { CliError, type CliCommand, type CliContext } from '../command';
import { optionalWholeNumber } from '../flags';
import { compact } from '../../../shared/util/compact';

/**
 * The Facts panel on the command line (issue 27, docs/facts.md): a company's tagged concepts
 * (`facts search`) and one concept's values across its filings and periods (`facts series`),
 * each value with the filing and cell it is shown in, and the series as CSV through the app's
 * one CSV writer.
 */

const SUBJECT_OPTIONS = {
  company: { type: 'string' },
  document: { type: 'string', multiple: true },
} as const;

/** `--company KEY` or `--document ID …`, the contract's FactsSubject (it refuses both). */
function subjectOf(ctx: CliContext, command: string): FactsSubject {
  const { company, document } = ctx.values;
  const docs = document === undefined ? [] : Array.isArray(document) ? document : [document];
  if (typeof company === 'string' && docs.length > 0)
    throw new CliError(`${command}: give --company KEY or --document ID …, not both`, 2);
  if (typeof company === 'string') return { company };
  if (docs.length === 0)
    throw new CliError(
      `${command}: name whose facts: --company KEY (a CIK or a name) or --document ID`,
      2,
    );
  return { documentIds: docs.map((v) => optionalWholeNumber(v, '--document', { min: 1 })!) };
}

// Not through the contract: --company first waits for the filings' covers to be read (services.facts.fill), which no method waits for; the answers are facts.search's and facts.series's.
/** Filings imported by an earlier command may not have had their covers read yet. */
async function readCovers(ctx: CliContext, subject: FactsSubject): Promise<void> {
  if (subject.company === undefined) return;
  await (await ctx.services()).facts.fill();
}

/** "Boeing Co (CIK 0000012927): 10-Q Q2 2025 #2 (1,262 facts); 10-K FY2024 #1 (1,864 facts)" */
function heading(company: FactsSearchResult['company'], filings: readonly FactsFiling[]): string {
  const who = company
    ? `${company.name ?? company.key}${company.cik ? ` (CIK ${company.cik})` : ''}`
    : 'the filings given';
  const each = filings.map((f) => {
    const what = [f.form, f.fiscalPeriod].filter(Boolean).join(' ') || f.name;
    const state = f.error
      ? `facts not read: ${f.error}`
      : `${f.factCount.toLocaleString('en-US')} facts`;
    return `${what} #${f.documentId} (${state})`;
  });
  return `${who}: ${filings.length} filing${filings.length === 1 ? '' : 's'}${each.length ? `, ${each.join('; ')}` : ''}`;
}

const factsSearchCommand: CliCommand = {
  name: 'facts search',
  summary: 'A company’s tagged concepts (inline XBRL) whose name or row label has the given words',
  usage:
    'workbench facts search (--company KEY | --document ID [--document ID …]) [WORD…] [--limit N] [--json] [--workspace DIR]',
  options: { ...SUBJECT_OPTIONS, limit: { type: 'string' } },
  readOnly: true,
  async run(ctx) {
    const subject = subjectOf(ctx, 'facts search');
    const limit = optionalWholeNumber(ctx.values.limit, '--limit', { min: 1, max: 500 });
    await readCovers(ctx, subject);
    const { registry } = await ctx.services();
    const found = await callOrThrow(registry, 'facts.search', {
      subject,
      query: ctx.args.join(' '),
      ...compact({ limit }),
    });
    const lines = [heading(found.company, found.filings)];
    if (found.concepts.length === 0)
      lines.push(
        found.filings.every((f) => f.factCount === 0)
          ? 'no tagged facts: none of these filings has inline XBRL'
          : `no concept or row label has the words "${ctx.args.join(' ')}"`,
      );
    for (const c of found.concepts) {
      const labels = c.rowLabels.map((l) => `"${l}"`).join(', ');
      lines.push(
        `  ${c.concept}${labels ? `  ${labels}` : ''}  (${c.filings} filing${c.filings === 1 ? '' : 's'}, ${c.facts} facts, ${c.plainFacts} without dimensions)`,
      );
    }
    if (found.total > found.concepts.length)
      lines.push(`${found.concepts.length} of ${found.total} concepts shown; --limit N for more`);
    ctx.say(lines.join('\n'));
    return found;
  },
};

/** `--dim AXIS=MEMBER`, given once per axis. */
function dimensionsOf(value: unknown): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  const given = Array.isArray(value)
    ? (value as string[])
    : typeof value === 'string'
      ? [value]
      : [];
  const dims: Record<string, string> = {};
  for (const d of given) {
    const at = d.indexOf('=');
    if (at <= 0 || at === d.length - 1)
      throw new CliError(`--dim must be AXIS=MEMBER (srt:ProductOrServiceAxis=…), got ${d}`, 2);
    const axis = d.slice(0, at).trim();
    if (axis in dims) throw new CliError(`--dim names ${axis} twice`, 2);
    dims[axis] = d.slice(at + 1).trim();
  }
  return dims;
}

/** One line per value: period, value as shown with its scale and unit, filing, cell. */
function seriesLines(r: FactsSeriesResult): string[] {
  const filing = new Map(r.filings.map((f) => [f.documentId, f]));
  return r.points.map((p) => {
    const f = filing.get(p.documentId);
    const shown = `${p.value.toLocaleString('en-US', { maximumFractionDigits: 6 })}${p.scale !== 1 ? ` ×${p.scale.toLocaleString('en-US')}` : ''}${p.unit ? ` ${p.unit}` : ''}`;
    const cell = p.cells[0]!;
    const from = f ? [f.form, f.fiscalPeriod].filter(Boolean).join(' ') || f.name : '';
    return `  ${periodText(p).padEnd(24)} ${shown.padEnd(28)} ${from} #${p.documentId} ${cell.tableId} row ${cell.row}, column ${cell.col}${p.rowLabel ? `  "${p.rowLabel}"` : ''}`;
  });
}

const factsSeriesCommand: CliCommand = {
  name: 'facts series',
  summary: 'One concept’s values across a company’s filings and periods, each with its cell',
  usage:
    'workbench facts series (--company KEY | --document ID [--document ID …]) --concept NAME [--dim AXIS=MEMBER …] [--csv FILE] [--json] [--workspace DIR]',
  options: {
    ...SUBJECT_OPTIONS,
    concept: { type: 'string' },
    dim: { type: 'string', multiple: true },
    csv: { type: 'string' },
  },
  readOnly: true,
  async run(ctx) {
    const subject = subjectOf(ctx, 'facts series');
    if (ctx.args.length > 0)
      throw new CliError(`facts series takes no arguments: ${factsSeriesCommand.usage}`, 2);
    const concept = ctx.values.concept;
    if (typeof concept !== 'string')
      throw new CliError('facts series needs --concept NAME (us-gaap:Revenues)', 2);
    const dimensions = dimensionsOf(ctx.values.dim);
    await readCovers(ctx, subject);
    const { registry } = await ctx.services();
    const r = await callOrThrow(registry, 'facts.series', {
      subject,
      concept,
      ...compact({ dimensions }),
    });
    const lines = [heading(r.company, r.filings)];
    const dims = Object.entries(r.dimensions).map(([a, m]) => `${a}=${m}`);
    lines.push(
      `${r.concept}${dims.length ? ` [${dims.join(', ')}]` : ''}: ${r.points.length} value${r.points.length === 1 ? '' : 's'}`,
    );
    lines.push(...seriesLines(r));
    if (r.points.length === 0 && r.dimensionSets.length > 0)
      lines.push(
        `no values without dimensions; this concept is tagged with: ${r.dimensionSets
          .filter((s) => Object.keys(s.dimensions).length > 0)
          .slice(0, 5)
          .map((s) =>
            Object.entries(s.dimensions)
              .map(([a, m]) => `--dim ${a}=${m}`)
              .join(' '),
          )
          .join('; ')}`,
      );
    const csv = ctx.values.csv;
    if (typeof csv === 'string') {
      await writeFile(csv, seriesCsv(r.concept, r.points, r.filings));
      lines.push(`wrote ${csv}`);
    }
    ctx.say(lines.join('\n'));
    return r;
  },
};

export const factsCommands: readonly CliCommand[] = [factsSearchCommand, factsSeriesCommand];
