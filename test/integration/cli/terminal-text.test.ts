import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../support/cli';
import { tempDir } from '../../support/temp-dir';

/** The CLI from its TypeScript sources, as a user runs it (see exec-cli.test.ts). */
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

/** What a terminal would obey: C0 controls but \n and \t, DEL, C1 controls, bidi overrides. */
// eslint-disable-next-line no-control-regex
const OBEYED = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** Clipboard write (OSC 52), title change, screen clear, 8-bit CSI, a bidi override. */
const HOSTILE = '\u001b]52;c;cHduZWQ=\u0007\u001b]0;owned\u0007\u001b[2J\u009b2J\u202eevil';

describe('untrusted text printed by the CLI', () => {
  const dir = tempDir('workbench-terminal-');
  const ws = join(dir.dir, 'ws');
  afterAll(() => dir.cleanup());

  it('shows control characters of sandbox answers and logs as visible escapes', async () => {
    const program = join(dir.dir, 'hostile.js');
    writeFileSync(
      program,
      `console.log(${JSON.stringify(HOSTILE)}); function solution() { return ${JSON.stringify(HOSTILE)}; }`,
    );
    const human = await cli(['exec', program]);
    expect(human.code).toBe(0);
    expect(human.stdout).not.toMatch(OBEYED);
    expect(human.stderr).not.toMatch(OBEYED);
    expect(human.stdout).toContain('\\u001b]52;c;cHduZWQ=\\u0007');
    expect(human.stdout).toContain('\\u009b2J\\u202eevil');
    expect(human.stderr).toContain('\\u001b[2J');

    // --json: still valid JSON, meaning exactly the program's string.
    const json = await cli(['exec', program, '--json']);
    expect(json.stdout).not.toMatch(OBEYED);
    expect(JSON.parse(json.stdout)).toMatchObject({
      ok: true,
      value: HOSTILE,
      logs: `${HOSTILE}\n`,
    });
  });

  it('escapes file names and error messages', async () => {
    const name = join(dir.dir, 'report\u001b]0;owned\u0007.htm');
    writeFileSync(name, '<html><body>SECURITIES AND EXCHANGE COMMISSION Form 10-K</body></html>');
    const imported = await cli(['import', name, '--workspace', ws]);
    expect(imported.code).toBe(0);
    expect(imported.stdout + imported.stderr).not.toMatch(OBEYED);
    expect(imported.stdout).toContain('report\\u001b]0;owned\\u0007.htm');

    const missing = await cli(['ingest', join(dir.dir, 'gone\u001b[2J\u009b.htm'), '--json']);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).not.toMatch(OBEYED);
    expect(missing.stderr).toContain('gone\\u001b[2J\\u009b.htm');
  });
});
