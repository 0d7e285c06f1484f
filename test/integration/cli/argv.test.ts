import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { positionalWords, rewriteLegacyJsonOut } from '../../../main/cli/argv';
import { documentSchemaVersion } from '../../../shared/document';
import type { CliCommand } from '../../../main/cli/command';
import { loadCommands } from '../../../main/cli/commands';
import { runSourceCli, sampleFiling } from '../../support/cli';
import { tempDir } from '../../support/temp-dir';

let commands: CliCommand[];
const cmd = (name: string) => commands.find((c) => c.name === name)!;

const cli = runSourceCli;

describe('command line words and the old --json OUT spelling', () => {
  beforeAll(async () => {
    commands = await loadCommands();
  });

  it('finds command words with options before or after them', () => {
    expect(positionalWords(['--workspace', 'ws', 'workspace', 'info', '--json'], commands)).toEqual(
      ['workspace', 'info'],
    );
    expect(positionalWords(['import-dataset', '--format', 'tatqa', 'x.json'], commands)).toEqual([
      'import-dataset',
      'x.json',
    ]);
  });

  it('reads --json OUT as --out OUT only when the FILE arguments are complete without it', () => {
    const ingest = cmd('ingest');
    expect(
      rewriteLegacyJsonOut(['ingest', 'a.htm', '--json', 'a.json'], ingest, commands),
    ).toMatchObject({
      argv: ['ingest', 'a.htm', '--out', 'a.json'],
      notice: expect.stringMatching(/old spelling of "--out a\.json"/) as unknown,
    });
    // --json first, then the input: the flag, not an output file
    expect(rewriteLegacyJsonOut(['ingest', '--json', 'a.htm'], ingest, commands)).toEqual({
      argv: ['ingest', '--json', 'a.htm'],
    });
    expect(
      rewriteLegacyJsonOut(
        ['grade', '--predictions', 'p', '--json=o.json'],
        cmd('grade'),
        commands,
      ),
    ).toMatchObject({
      argv: ['grade', '--predictions', 'p', '--out', 'o.json'],
    });
    // commands without an output file keep --json as the flag
    expect(
      rewriteLegacyJsonOut(['workspace', 'info', '--json'], cmd('workspace info'), commands),
    ).toEqual({
      argv: ['workspace', 'info', '--json'],
    });
  });

  it('never takes an existing input file for the old OUT', () => {
    const t = tempDir();
    try {
      const input = join(t.dir, 'b.htm');
      writeFileSync(input, '<html></html>');
      expect(
        rewriteLegacyJsonOut(['ingest', 'a.htm', '--json', input], cmd('ingest'), commands),
      ).toEqual({
        argv: ['ingest', 'a.htm', '--json', input],
      });
    } finally {
      t.cleanup();
    }
  });
});

describe('workbench CLI: --json, --out, --workspace anywhere', () => {
  let t: ReturnType<typeof tempDir>;
  beforeEach(() => {
    t = tempDir();
  });
  afterEach(() => t.cleanup());
  const sample = sampleFiling;

  it('accepts --workspace before the command word', () => {
    const ws = join(t.dir, 'ws');
    const r = cli(['--workspace', ws, 'workspace', 'info', '--json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`Workspace:  ${ws}`);
    expect(JSON.parse(r.stdout)).toMatchObject({ dir: ws, documentCount: 0 });
  });

  it('keeps the old ingest --json OUT working for one release, with a notice', () => {
    const out = join(t.dir, 'n.json');
    const r = cli(['ingest', sample, '--json', out]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /^workbench: notice: "--json .*n\.json" is the old spelling of "--out/,
    );
    expect(existsSync(out)).toBe(true);
    expect(r.stdout).toContain('3 tables');
  });

  it('--json puts the result on stdout and --out writes the file, together', () => {
    const out = join(t.dir, 'n.json');
    const r = cli(['ingest', sample, '--out', out, '--json']);
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout) as {
      file: string;
      ok: boolean;
      tables: number;
      wrote: string;
    }[];
    expect(result).toEqual([expect.objectContaining({ ok: true, tables: 3, wrote: out })]);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({
      schemaVersion: documentSchemaVersion,
    });
    expect(r.stderr).toContain('3 tables');
  });
});
