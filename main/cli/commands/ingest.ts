import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { WorkbenchError } from '../../../shared/api/result';
import { countNoun } from '../../../shared/util/count-noun';
import { CliError, type CliCommand } from '../command';
import { loadIngestFile } from '../ingest-file-bundle';
import { compact } from '../../../shared/util/compact';

interface IngestSummary {
  file: string;
  ok: boolean;
  tables?: number;
  cells?: number;
  blocks?: number;
  xbrl?: { factsInTables: number; agreeing: number };
  pageCount?: number;
  warnings?: string[];
  wrote?: string;
  error?: { code: string; message: string };
}

/** Where each input's JSON goes: stdout ("-"), the OUT file, or OUT/<file name>.json. */
function outputs(files: string[], out: string | undefined): (string | undefined)[] {
  if (out === undefined) return files.map(() => undefined);
  const many = files.length > 1;
  if (out === '-') {
    if (many) throw new CliError('--out - (stdout) takes one FILE; give a folder for several', 2);
    return ['-'];
  }
  const isDir = many || (existsSync(out) && statSync(out).isDirectory());
  if (!isDir) return [out];
  const names = files.map((f) => `${basename(f)}.json`);
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup !== undefined)
    throw new CliError(`two inputs would both write ${dup}; ingest them separately`, 2);
  mkdirSync(out, { recursive: true });
  return names.map((n) => join(out, n));
}

function describe(s: IngestSummary): string {
  if (!s.ok) return `failed ${s.error?.message ?? s.file} [${s.error?.code ?? 'internal'}]`;
  const xbrl = s.xbrl
    ? `; inline XBRL cross-check ${s.xbrl.agreeing}/${s.xbrl.factsInTables} facts agree`
    : '';
  const wrote = s.wrote ? ` → ${s.wrote}` : '';
  const pages = s.pageCount !== undefined ? `${countNoun(s.pageCount, 'page')}, ` : '';
  const line = `${s.file}: ${pages}${countNoun(s.tables ?? 0, 'table')}, ${countNoun(s.cells ?? 0, 'cell')}, ${countNoun(s.blocks ?? 0, 'block')}${xbrl}${wrote}`;
  // Warnings under their file, so several files' output stays readable.
  return [line, ...(s.warnings ?? []).map((w) => `  warning: ${w}`)].join('\n');
}

async function ingestOne(file: string, target: string | undefined): Promise<IngestSummary> {
  try {
    // ingestFile checked the Document against the schema (once, where it was built), so the
    // JSON matches docs/document-json.md.
    const { ingestFile } = await loadIngestFile();
    const doc = await ingestFile(file);
    const summary: IngestSummary = {
      file,
      ok: true,
      tables: doc.tables.length,
      cells: doc.tables.reduce((n, t) => n + t.cells.length, 0),
      blocks: doc.blocks.length,
      ...(doc.xbrl ? { xbrl: doc.xbrl } : {}),
      ...compact({ pageCount: doc.pageCount }),
      ...(doc.warnings.length > 0 ? { warnings: doc.warnings } : {}),
    };
    // The JSON only when it is written: without --out only the summary is shown.
    if (target !== undefined) {
      const json = `${JSON.stringify(doc)}\n`;
      if (target === '-') process.stdout.write(json);
      else {
        writeFileSync(target, json);
        summary.wrote = target;
      }
    }
    return summary;
  } catch (e) {
    if (!(e instanceof WorkbenchError)) throw e;
    return { file, ok: false, error: { code: e.code, message: e.message } };
  }
}

// Not through the contract: reads files into Documents with no workspace; there is no registry to call.
export const ingestCommand: CliCommand = {
  name: 'ingest',
  summary:
    'Read SEC filings (HTML) and PDFs into tables, cells and blocks; write the Document JSON',
  usage:
    'workbench ingest FILE... [--out OUT] [--json]   (OUT: a file, "-" for stdout, or a folder; --json: the summary as JSON)',
  outFile: { minArgs: 1 },
  async run(ctx) {
    if (ctx.args.length === 0) throw new CliError('ingest needs at least one FILE', 2);
    const out = typeof ctx.values.out === 'string' ? ctx.values.out : undefined;
    if (out === '-' && ctx.json)
      throw new CliError('--out - writes the Document to stdout; leave out --json', 2);
    const targets = outputs(ctx.args, out);
    // With the JSON on stdout, the summary goes to stderr.
    const tell = (text: string) => (out === '-' ? ctx.progress(text) : ctx.say(text));
    const results: IngestSummary[] = [];
    for (const [i, file] of ctx.args.entries()) {
      const summary = await ingestOne(file, targets[i]);
      results.push(summary);
      tell(describe(summary));
    }
    const failed = results.filter((r) => !r.ok).length;
    if (failed > 0)
      throw new CliError(`${failed} of ${results.length} files not ingested`, 1, results);
    return results;
  },
};
