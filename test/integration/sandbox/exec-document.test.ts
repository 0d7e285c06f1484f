import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecOutput } from '../../../main/cli/commands/exec';
import { repoRoot } from '../../support/cli';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';
import { tempDir } from '../../support/temp-dir';

/**
 * `workbench exec FILE.js --document ID` against a real filing in a workspace: NVIDIA's 10-K
 * is imported, then a program reads its income statement (t21, "in millions, except per share
 * data") by grid position and by header path and converts units through cellInfo().
 */
function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'main/cli.ts', ...args], {
      cwd: repoRoot,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const NVDA = dataPath('sec', 'NVDA_10-K_FY2025', 'nvda-10-k-2025-02-26.html');

const PROGRAM = `function solution() {
  const revenue = cell('t21', 0, 0);                                  // by position: $130,497
  const netIncome = cell('t21', ['Net income'], ['Jan 26, 2025']);    // by (tail) path
  const rev = cellInfo('t21', 0, 0);
  const ni = cellInfo('t21', 'Net income', ['Year Ended', 'Jan 26, 2025']);
  const shares = cellInfo('t21', ['Weighted average shares used in per share computation', 'Diluted'], ['Jan 26, 2025']);
  return JSON.stringify({
    revenue, netIncome,
    revenueUsd: rev.base, revenueUnit: rev.unit, revenueScale: rev.scale,
    netMargin: netIncome / revenue,
    dilutedEps: ni.base / shares.base,
    sharesUnit: shares.unit,
  });
}`;

describe.skipIf(!hasData)('workbench exec --document on NVIDIA’s 10-K', () => {
  let ws: ReturnType<typeof tempDir>;
  let id: number;
  beforeAll(async () => {
    ws = tempDir('workbench-exec-doc-');
    const imported = await cli(['import', NVDA, '--workspace', ws.dir, '--json']);
    expect(imported.code).toBe(0);
    const report = JSON.parse(imported.stdout) as {
      items: { ok: boolean; document: { id: number } }[];
    };
    id = report.items[0]!.document.id;
  }, 120_000);
  afterAll(() => ws?.cleanup());

  it('reads three income-statement cells by position and path and converts units', async () => {
    const program = join(ws.dir, 'nvda.js');
    writeFileSync(program, PROGRAM);
    const r = await cli([
      'exec',
      program,
      '--document',
      String(id),
      '--workspace',
      ws.dir,
      '--json',
    ]);
    expect(r.stderr).not.toContain('workbench:');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as Extract<ExecOutput, { trace: unknown }>;
    expect(out.ok).toBe(true);
    expect(out.document).toMatchObject({ id, name: 'nvda-10-k-2025-02-26.html' });
    const value = JSON.parse(String(out.ok && out.value)) as Record<string, unknown>;
    expect(value).toMatchObject({
      revenue: 130497,
      netIncome: 72880,
      revenueUsd: 130_497_000_000,
      revenueUnit: 'USD',
      revenueScale: 1e6,
      sharesUnit: 'shares',
    });
    expect(value.netMargin).toBeCloseTo(72880 / 130497, 12);
    // $72,880 million over 24,804 million diluted shares: the filing shows $2.94.
    expect(Number(value.dilutedEps).toFixed(2)).toBe('2.94');

    // The trace names the grid cell of every read, with value, scale and unit.
    const cells = out.trace.map((t) => (t.fn === 'table' || t.fn === 'facts' ? undefined : t.cell));
    expect(cells).toEqual([
      { tableId: 't21', row: 0, col: 0, value: 130497, scale: 1e6, unit: 'USD' },
      { tableId: 't21', row: 15, col: 0, value: 72880, scale: 1e6, unit: 'USD' },
      { tableId: 't21', row: 0, col: 0, value: 130497, scale: 1e6, unit: 'USD' },
      { tableId: 't21', row: 15, col: 0, value: 72880, scale: 1e6, unit: 'USD' },
      { tableId: 't21', row: 21, col: 0, value: 24804, scale: 1e6, unit: 'shares' },
    ]);
    expect(out.trace.map((t) => t.fn)).toEqual([
      'cell',
      'cell',
      'cellInfo',
      'cellInfo',
      'cellInfo',
    ]);
  }, 120_000);

  it('prints the answer on stdout and each read grid cell on stderr', async () => {
    const program = join(ws.dir, 'margin.js');
    writeFileSync(program, "cell('t21', 15, 0) / cell('t21', ['Revenue'], ['Jan 26, 2025'])");
    const r = await cli(['exec', program, '--document', String(id), '--workspace', ws.dir]);
    expect(r.code).toBe(0);
    expect(Number(r.stdout)).toBeCloseTo(72880 / 130497, 12);
    expect(r.stderr).toContain('cell("t21", 15, 0) = 72880  [t21 row 15, column 0; ×1000000 USD]');
  }, 120_000);

  it('gives a tagged filing’s facts to fact() and prints each read with its cell', async () => {
    const program = join(ws.dir, 'growth.js');
    writeFileSync(program, "fact('Revenues', 'FY2025') / fact('us-gaap:Revenues', '2024')");
    const r = await cli(['exec', program, '--document', String(id), '--workspace', ws.dir]);
    expect(r.code).toBe(0);
    expect(Number(r.stdout)).toBeCloseTo(130497 / 60922, 12);
    expect(r.stderr).toContain(
      'fact("Revenues", "FY2025", {}) = 130497  [t21 row 0, column 0; ×1000000 USD]',
    );
  }, 120_000);

  it('a miss fails with the nearest cells and their positions; a bad id is one line', async () => {
    const program = join(ws.dir, 'miss.js');
    writeFileSync(program, "cell('t21', ['Net revenue'], ['Jan 26, 2025'])");
    const r = await cli(['exec', program, '--document', String(id), '--workspace', ws.dir]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'no such cell; nearest: ["Revenue"] × ["Year Ended","Jan 26, 2025"] at row 0, column 0 = $130,497',
    );
    const none = await cli(['exec', program, '--document', '99999', '--workspace', ws.dir]);
    expect(none.code).toBe(1);
    expect(none.stderr.trim().split('\n')).toHaveLength(1);
  }, 120_000);
});

if (!hasData) console.warn(`[skip] exec --document: ${noDataMessage}`);
