import { readFile } from 'node:fs/promises';
import { extractProgram } from '../../../shared/sandbox/extract-program';
import type { SandboxResult, SandboxTable } from '../../../shared/sandbox/types';
import { Sandbox } from '../../sandbox';
import { CliError, type CliCommand } from '../command';

/** What `workbench exec --json` prints (docs/cli.md). */
export type ExecOutput =
  | (SandboxResult & { file: string; extractedFrom?: 'fence' | 'prose' | 'whole-output' })
  | { file: string; ok: false; error: { kind: 'python' | 'none'; message: string } };

function positiveInteger(
  value: string | boolean | string[] | undefined,
  flag: string,
  max: number,
): number | undefined {
  if (value === undefined) return undefined;
  const n = typeof value === 'string' ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new CliError(`${flag} must be a whole number from 1 to ${max}, got ${String(value)}`, 2);
  return n;
}

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

export const execCommand: CliCommand = {
  name: 'exec',
  summary: 'Run one JavaScript program in the QuickJS sandbox; print its answer or why it failed',
  usage:
    'workbench exec FILE.js [--timeout-ms N] [--memory-mb N] [--tables TABLES.json] [--extract] [--json]',
  options: {
    'timeout-ms': { type: 'string' },
    'memory-mb': { type: 'string' },
    tables: { type: 'string' },
    extract: { type: 'boolean' },
  },
  async run(ctx) {
    const [file, ...extra] = ctx.args;
    if (file === undefined || extra.length > 0)
      throw new CliError('exec needs exactly one FILE', 2);
    const timeoutMs = positiveInteger(ctx.values['timeout-ms'], '--timeout-ms', 600_000);
    const memoryMb = positiveInteger(ctx.values['memory-mb'], '--memory-mb', 2048);
    const tables = typeof ctx.values.tables === 'string' ? await readTables(ctx.values.tables) : [];
    const text = await readText(file);

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
        ...(timeoutMs !== undefined ? { timeoutMs } : {}),
        ...(memoryMb !== undefined ? { memoryBytes: memoryMb * 1024 * 1024 } : {}),
      });
    } finally {
      await sandbox.close();
    }

    const output: ExecOutput = { file, ...(extractedFrom ? { extractedFrom } : {}), ...result };
    // The program's own prints go to stderr, so stdout is only the answer (or the JSON).
    if (result.logs && !ctx.json) ctx.progress(result.logs.replace(/\n$/, ''));
    if (result.trace.length > 0)
      ctx.progress(
        `read ${result.trace.length} value${result.trace.length === 1 ? '' : 's'}${
          result.traceTruncated ? ' (trace truncated)' : ''
        } through cell()/table()`,
      );
    if (!result.ok) throw new CliError(`${result.error.kind}: ${result.error.message}`, 1, output);
    ctx.say(typeof result.value === 'string' ? result.value : JSON.stringify(result.value));
    return output;
  },
};
