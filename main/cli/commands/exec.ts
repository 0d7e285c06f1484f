import { readFile } from 'node:fs/promises';
import type { Document } from '../../../shared/document';
import { sandboxTables } from '../../../shared/sandbox/document-tables';
import { buildFactIndex, type SandboxFact } from '../../../shared/sandbox/fact-index';
import { extractProgram } from '../../../shared/sandbox/extract-program';
import type { SandboxResult, SandboxTable, TraceEntry } from '../../../shared/sandbox/types';
import { Sandbox } from '../../sandbox';
import { callOrThrow } from '../call';
import { CliError, type CliCommand, type CliContext } from '../command';
import { optionalWholeNumber } from '../flags';
import { compact } from '../../../shared/util/compact';

/** The document a program ran against (`--document ID`). */
interface ExecDocument {
  id: number;
  name: string;
  tables: number;
}

/** What `workbench exec --json` prints (docs/cli.md). */
export type ExecOutput =
  | (SandboxResult & {
      file: string;
      extractedFrom?: 'fence' | 'prose' | 'whole-output';
      document?: ExecDocument;
    })
  | { file: string; ok: false; error: { kind: 'python' | 'none'; message: string } };

async function readText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (e) {
    throw new CliError(`cannot read ${path} (${(e as NodeJS.ErrnoException).code ?? 'error'})`, 1);
  }
}

function isTable(t: unknown): t is SandboxTable {
  if (typeof t !== 'object' || t === null) return false;
  const { id, cells } = t as { id?: unknown; cells?: unknown };
  const isPath = (p: unknown) => Array.isArray(p) && p.every((s) => typeof s === 'string');
  return (
    typeof id === 'string' &&
    Array.isArray(cells) &&
    cells.every((c: unknown) => {
      if (typeof c !== 'object' || c === null) return false;
      const { rowPath, colPath, value } = c as Record<string, unknown>;
      return isPath(rowPath) && isPath(colPath) && (value === null || typeof value === 'number');
    })
  );
}

async function readTables(path: string): Promise<SandboxTable[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readText(path));
  } catch (e) {
    if (e instanceof CliError) throw e;
    throw new CliError(`--tables ${path} is not JSON`, 2);
  }
  const tables = Array.isArray(parsed) ? parsed : [parsed];
  if (!tables.every(isTable))
    throw new CliError(
      `--tables ${path} must hold {id, cells: [{rowPath: string[], colPath: string[], value: number|null}]} (or an array of them)`,
      2,
    );
  return tables;
}

/**
 * Opens a workspace document through the API (parsing it on first open) and maps its tables,
 * and its tagged facts for fact()/facts() (none for an untagged document).
 */
async function documentTables(
  ctx: CliContext,
  value: string,
): Promise<{ tables: SandboxTable[]; facts: SandboxFact[]; document: ExecDocument }> {
  const id = optionalWholeNumber(value, '--document', { min: 1 });
  if (id === undefined) throw new CliError('--document needs a document id', 2);
  const { registry } = await ctx.services();
  const opened = (await callOrThrow(registry, 'document.open', { id })) as {
    document: { id: number; name: string };
    model: Document;
  };
  const tables = sandboxTables(opened.model);
  return {
    tables,
    facts: buildFactIndex(opened.model),
    document: { id: opened.document.id, name: opened.document.name, tables: tables.length },
  };
}

const traceLine = (t: TraceEntry): string => {
  if (t.fn === 'table') return `table(${JSON.stringify(t.args[0])})${t.value ? '' : ': failed'}`;
  const call = `${t.fn}(${t.args.map((a) => JSON.stringify(a)).join(', ')})`;
  if (t.fn === 'facts') return `${call}: ${t.value === null ? 'failed' : `${t.value} facts`}`;
  if (!t.cell) return `${call} = ${t.value ?? 'failed'}`;
  const c = t.cell;
  return `${call} = ${c.value}  [${c.tableId} row ${c.row}, column ${c.col}; ×${c.scale}${c.unit ? ` ${c.unit}` : ''}]`;
};

// Not through the contract: no method runs a program file in a sandbox; --document opens the document through the registry (document.open).
export const execCommand: CliCommand = {
  name: 'exec',
  summary: 'Run one JavaScript program in the QuickJS sandbox; print its answer or why it failed',
  usage:
    'workbench exec FILE.js [--document ID | --tables TABLES.json] [--timeout-ms N] [--memory-mb N] [--extract] [--json] [--workspace DIR]',
  options: {
    'timeout-ms': { type: 'string' },
    'memory-mb': { type: 'string' },
    tables: { type: 'string' },
    document: { type: 'string' },
    extract: { type: 'boolean' },
  },
  async run(ctx) {
    const [file, ...extra] = ctx.args;
    if (file === undefined || extra.length > 0)
      throw new CliError('exec needs exactly one FILE', 2);
    const timeoutMs = optionalWholeNumber(ctx.values['timeout-ms'], '--timeout-ms', {
      min: 1,
      max: 600_000,
    });
    const memoryMb = optionalWholeNumber(ctx.values['memory-mb'], '--memory-mb', {
      min: 1,
      max: 2048,
    });
    if (ctx.values.tables !== undefined && ctx.values.document !== undefined)
      throw new CliError('give --document or --tables, not both', 2);
    const text = await readText(file);
    let tables: SandboxTable[] = [];
    let facts: SandboxFact[] = [];
    let document: ExecDocument | undefined;
    if (typeof ctx.values.tables === 'string') tables = await readTables(ctx.values.tables);
    if (typeof ctx.values.document === 'string')
      ({ tables, facts, document } = await documentTables(ctx, ctx.values.document));

    let program = text;
    let extractedFrom: 'fence' | 'prose' | 'whole-output' | undefined;
    if (ctx.values.extract === true) {
      const extracted = extractProgram(text);
      if (extracted.kind !== 'javascript') {
        const message = extracted.reason;
        const output: ExecOutput = { file, ok: false, error: { kind: extracted.kind, message } };
        throw new CliError(`not run: ${extracted.kind}: ${message}`, 1, output);
      }
      program = extracted.program;
      extractedFrom = extracted.from;
    }

    const sandbox = new Sandbox();
    let result: SandboxResult;
    try {
      result = await sandbox.run(program, {
        tables,
        facts,
        ...compact({ timeoutMs }),
        ...(memoryMb !== undefined ? { memoryBytes: memoryMb * 1024 * 1024 } : {}),
      });
    } finally {
      await sandbox.close();
    }

    const output: ExecOutput = {
      file,
      ...(extractedFrom ? { extractedFrom } : {}),
      ...(document ? { document } : {}),
      ...result,
    };
    // The program's own prints go to stderr, so stdout is only the answer (or the JSON).
    if (result.logs && !ctx.json) ctx.progress(result.logs.replace(/\n$/, ''));
    if (result.trace.length > 0)
      ctx.progress(
        `read ${result.trace.length} value${result.trace.length === 1 ? '' : 's'}${
          result.traceTruncated ? ' (trace truncated)' : ''
        } through cell()/table()`,
      );
    // Which cells were read, by grid position, when the tables came from a document.
    if (document && !ctx.json) for (const t of result.trace) ctx.progress(`  ${traceLine(t)}`);
    if (!result.ok) throw new CliError(`${result.error.kind}: ${result.error.message}`, 1, output);
    ctx.say(typeof result.value === 'string' ? result.value : JSON.stringify(result.value));
    return output;
  },
};
