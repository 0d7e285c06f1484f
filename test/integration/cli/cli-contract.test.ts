import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type Method } from '../../../shared/api/contract';
import { parseProposedAnswer } from '../../../shared/disputes/proposed-answer';
import { repoRoot, runSourceCli } from '../../support/cli';
import { tempDir } from '../../support/temp-dir';

/**
 * The CLI as a front door of the one contract (issue 24): a command passes what the user typed
 * to a contract method through the registry, so an input the contract refuses is refused with
 * the registry's `invalid-input` message, as the app and web mode see it. A command that does
 * not go through the registry says why in one line (`// Not through the contract: …`).
 */

const commandsDir = join(repoRoot, 'main', 'cli', 'commands');
const REASON = /^\/\/ Not through the contract: \S.*$/m;

/** The registry's message for an input its schema refuses (main/api/registry.ts). */
function contractMessage(method: Method, input: unknown): string {
  const parsed = contract[method].input.safeParse(input);
  if (parsed.success) throw new Error(`${method} accepts ${JSON.stringify(input)}`);
  const first = parsed.error.issues[0]!;
  const where = first.path.length ? `${first.path.join('.')}: ` : '';
  return `${method}: ${where}${first.message}`;
}

/** Every command module (one file may hold several commands) and the commands it defines. */
function commandModules(): { file: string; source: string; commands: string[] }[] {
  return readdirSync(commandsDir)
    .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
    .map((file) => {
      const source = readFileSync(join(commandsDir, file), 'utf8');
      const commands = [...source.matchAll(/^\s+name: [`'"]([^`'"]+)[`'"],$/gm)].map((m) =>
        m[1]!.replace('${decision}', '{accept,reject}'),
      );
      return { file, source, commands };
    })
    .filter((m) => m.commands.length > 0);
}

/**
 * Whether a module does something other than call the registry: it uses a service other than
 * the registry (and the event bus its progress listens to), imports a value from main/ outside
 * the CLI (a service, a reader, the sandbox), or calls no registry method at all.
 */
function goesAround(source: string): string[] {
  const code = source.replace(/^\s*\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
  const why: string[] = [];
  const allowed = new Set(['registry', 'bus']);
  const used = [
    ...[...code.matchAll(/\bservices\.(\w+)/g)].map((m) => m[1]!),
    ...[...code.matchAll(/\(await ctx\.services\([^)]*\)\)\.(\w+)/g)].map((m) => m[1]!),
    ...[...code.matchAll(/const \{([^}]*)\} = await ctx\.services\(/g)].flatMap((m) =>
      m[1]!.split(',').map((s) => s.trim().split(':')[0]!.trim()),
    ),
  ].filter((name) => name !== '' && !allowed.has(name));
  if (used.length > 0) why.push(`uses ${[...new Set(used)].join(', ')}`);
  const imports = [
    ...code.matchAll(/^import (?!type )[^;]*from '\.\.\/\.\.\/(?!\.\.\/)([^']+)';/gm),
  ];
  if (imports.length > 0) why.push(`imports ${imports.map((m) => m[1]).join(', ')}`);
  if (!/callOrThrow\(|registry\.call\(/.test(code)) why.push('calls no registry method');
  return why;
}

describe('the CLI through the contract', () => {
  it('a command that does not go through the registry says why in one line, and only such a command', () => {
    const modules = commandModules();
    const around = modules
      .filter((m) => goesAround(m.source).length > 0)
      .map((m) => `${m.file} (${m.commands.join(', ')}): ${goesAround(m.source).join('; ')}`);
    const withReason = modules.filter((m) => REASON.test(m.source));
    // Compared by file; the message lists what goes around and what the check saw.
    expect(
      around.map((a) => a.split(' ')[0]),
      around.join('\n'),
    ).toEqual(withReason.map((m) => m.file));
    for (const m of withReason)
      expect(m.source.match(new RegExp(REASON.source, 'gm'))?.length, m.file).toBe(1);
    // Sanity: the check sees both kinds.
    expect(around.length).toBeGreaterThan(0);
    expect(modules.length - around.length).toBeGreaterThan(0);
  });

  describe('an input the contract refuses: exit 1 with its message', () => {
    let ws: ReturnType<typeof tempDir>;
    beforeAll(() => {
      ws = tempDir('workbench-cli-contract-');
      // The workspace exists, so read-only commands open it.
      expect(runSourceCli(['workspace', 'info', '--workspace', ws.dir]).code).toBe(0);
    });
    afterAll(() => ws.cleanup());

    // The other commands that call the registry pass nothing it could refuse: no input
    // (workspace info, runs, models --detect), ids any whole number is (session list, results,
    // finish, export-bundle, models --test, exec --document, question-set show), paths made
    // absolute (session export-bundle, import-bundle), values the CLI checks against the same
    // enum (dispute list --status), or a name a service looks up first (questions, question-set).
    const manyIds = Array.from({ length: 51 }, (_, i) => String(i + 1));
    const cases: { argv: string[]; method: Method; input: unknown }[] = [
      { argv: ['import', ''], method: 'library.importPaths', input: { paths: [''] } },
      {
        argv: ['report', '1', '--scorer', ''],
        method: 'runs.report',
        input: { runId: 1, scorer: '' },
      },
      { argv: ['report', '--elo', '1'], method: 'runs.elo', input: { runIds: [1] } },
      {
        argv: ['regrade', '1', '--scorer', ''],
        method: 'runs.regrade',
        input: { runId: 1, scorer: '' },
      },
      {
        argv: ['gap', '--session', '1', '--run', '1', '--scorer', ''],
        method: 'gap.compare',
        input: { sessionId: 1, runId: 1, scorer: '' },
      },
      {
        argv: ['judge', '1', '--show', '--model', ''],
        method: 'runs.judgements',
        input: { runId: 1, judgeModel: '' },
      },
      {
        argv: ['dispute', 'raise', '--question', '1', '--gold', '5', '--reason', 'r', '--by', ' '],
        method: 'disputes.raise',
        input: { questionId: 1, answer: parseProposedAnswer('5'), reason: 'r', raisedBy: ' ' },
      },
      {
        argv: ['dispute', 'accept', '1', '--by', ' '],
        method: 'disputes.decide',
        input: { disputeId: 1, decision: 'accept', decidedBy: ' ' },
      },
      {
        argv: ['dispute', 'reject', '1', '--by', ' '],
        method: 'disputes.decide',
        input: { disputeId: 1, decision: 'reject', decidedBy: ' ' },
      },
      {
        argv: [
          'session',
          'create',
          '--dataset-id',
          '1',
          '--questions',
          '5',
          '--seed',
          '1',
          '--minutes',
          '0.5',
          '--expert',
          'x',
        ],
        method: 'sessions.create',
        input: { datasetId: 1, questionCount: 5, seed: 1, budgetSeconds: 30, expert: 'x' },
      },
      {
        argv: ['session', 'agreement', ...manyIds],
        method: 'sessions.agreement',
        input: { sessionIds: manyIds.map(Number) },
      },
      {
        argv: ['retrieve', '--document', '1', '--question', 'x'.repeat(4001)],
        method: 'retrieval.search',
        input: { documentId: 1, question: 'x'.repeat(4001) },
      },
    ];

    it.each(cases)('workbench $argv.0 … → $method', ({ argv, method, input }) => {
      const r = runSourceCli([...argv, '--workspace', ws.dir]);
      expect(r.stderr.trim()).toBe(`workbench: ${contractMessage(method, input)}`);
      expect(r.code).toBe(1);
    });
  });
});
