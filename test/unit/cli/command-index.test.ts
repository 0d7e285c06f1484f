import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliCommand } from '../../../main/cli/command';
import { commandIndex, loadCommands } from '../../../main/cli/commands';

const dir = join(__dirname, '..', '..', '..', 'main', 'cli', 'commands');

const isCommand = (v: unknown): v is CliCommand =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as CliCommand).name === 'string' &&
  typeof (v as CliCommand).usage === 'string' &&
  typeof (v as CliCommand).run === 'function';

/** Every command any module in main/cli/commands exports (alone or in a list). */
async function exportedCommands(): Promise<CliCommand[]> {
  const found: CliCommand[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'index.ts')) {
    const mod = (await import(join(dir, file))) as Record<string, unknown>;
    for (const value of Object.values(mod))
      for (const v of Array.isArray(value) ? (value as unknown[]) : [value])
        if (isCommand(v)) found.push(v);
  }
  return found;
}

describe('the command index (what --help and dispatch know without loading a command)', () => {
  it('lists every command the modules export, once, under its own name and summary', async () => {
    const exported = await exportedCommands();
    const names = commandIndex.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(exported.map((c) => c.name).sort());
    for (const c of exported) {
      const entry = commandIndex.find((e) => e.name === c.name)!;
      // Change a summary in the command's module and here together.
      expect({ name: c.name, summary: entry.summary }).toEqual({
        name: c.name,
        summary: c.summary,
      });
      expect(await entry.load()).toBe(c);
    }
  }, 60_000); // loads every command module (through vite's transform)

  it('loads all of them in the order --help lists them', async () => {
    expect((await loadCommands()).map((c) => c.name)).toEqual(commandIndex.map((e) => e.name));
  }, 60_000);

  it('names the same file for the built CLI (required) as from source (imported)', () => {
    const source = readFileSync(join(dir, 'index.ts'), 'utf8');
    const calls = [
      ...source.matchAll(/commandModule\(\s*'([^']+)',\s*\(\) => import\('([^']+)'\)/g),
    ];
    expect(calls.length).toBe(source.split('await commandModule(').length - 1);
    expect(calls.length).toBeGreaterThanOrEqual(commandIndex.length);
    for (const [, required, imported] of calls) expect(required).toBe(imported);
  });
});
