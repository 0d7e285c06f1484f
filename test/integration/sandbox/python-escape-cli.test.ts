import { existsSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSourceCliAsync, sampleFiling } from '../../support/cli';
import { startOpenAiTestServer, type OpenAiTestServer } from '../../support/openai-test-server';
import { tempDir } from '../../support/temp-dir';

/**
 * Issue 21's escape end to end, the way it arrived: a model answering `workbench ask --mode
 * pot-python` with a program whose `str` subclass lies to the harness's name check, then goes
 * from a function's globals to the real __import__, pyodide.ffi and JavaScript's Function, to
 * write a file, start a process and open a connection on the host. The model sends it again
 * when asked to repair it. Nothing is written, nothing connects, and the ask ends with the
 * program's contained error.
 */

const ISSUE_21 = 'What was the revenue growth of Northwind in 2025 (issue 21)?';
const BUILT_NAMES = 'What was the revenue growth of Northwind in 2025 (names built at run time)?';

let server: OpenAiTestServer;
let listener: Server;
let port = 0;
let connections = 0;
let workspace: { dir: string; cleanup: () => void };
let canaries: { dir: string; cleanup: () => void };

const canary = () => join(canaries.dir, 'written-by-the-model');
const spawned = () => join(canaries.dir, 'touched-by-the-model');

/** JavaScript an escaped program hands to Function: a file, a process, a connection. */
function payload(): string {
  return [
    `const fs = process.getBuiltinModule('fs');`,
    `fs.writeFileSync(${JSON.stringify(canary())}, 'escaped');`,
    `process.getBuiltinModule('child_process').execSync('touch ${spawned()}');`,
    `process.getBuiltinModule('net').connect(${port}, '127.0.0.1');`,
    `return process.getBuiltinModule('child_process').execSync('id').toString();`,
  ].join(' ');
}

/** The reproduction from the issue, as the body of DocMath-Eval's solution(). */
function issue21Reply(): string {
  return [
    '```python',
    'class S(str):',
    '    def startswith(self, *a, **k): return False',
    '',
    'def solution():',
    '    for c in getattr(object, S("__subclasses__"))():',
    '        g = getattr(getattr(c, "__init__"), S("__globals__"), {})',
    '        if "sys" in g: break',
    '    ffi = getattr(g["sys"].modules["builtins"], S("__import__"))("pyodide.ffi", None, None, ["to_js"], 0)',
    `    return ffi.to_js([1]).constructor.constructor(${JSON.stringify(payload())})()`,
    '```',
  ].join('\n');
}

/** The same with every dunder name built at run time, so it gets past the syntax check. */
function builtNamesReply(): string {
  return [
    '```python',
    'class S(str):',
    '    def startswith(self, *a, **k): return False',
    '',
    'def d(name):',
    "    return '_' * 2 + name + '_' * 2",
    '',
    'def solution():',
    '    g = {}',
    "    for c in getattr(object, S(d('subclasses')))():",
    "        g = getattr(getattr(c, '__init__'), S(d('globals')), {})",
    "        if 'sys' in g: break",
    "    imp = getattr(g['sys'].modules['builtins'], S(d('import')))",
    `    imp('builtins').open(${JSON.stringify(canary())}, 'w').write('escaped')`,
    `    imp('os').system('touch ${spawned()}')`,
    "    ffi = imp('pyodide.ffi', None, None, ['to_js'], 0)",
    `    return ffi.to_js([1]).constructor.constructor(${JSON.stringify(payload())})()`,
    '```',
  ].join('\n');
}

beforeAll(async () => {
  workspace = tempDir('wb-escape-cli-');
  canaries = tempDir('wb-escape-canary-');
  listener = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as { port: number }).port;
  // The first attempt and the repair round get the same program.
  const replyFor = (text: string) =>
    text.includes(BUILT_NAMES) ? builtNamesReply() : issue21Reply();
  server = await startOpenAiTestServer({
    replies: [
      { match: 'Running your program failed', reply: (req) => replyFor(JSON.stringify(req.body)) },
      { match: ISSUE_21, reply: issue21Reply() },
      { match: BUILT_NAMES, reply: builtNamesReply() },
    ],
  });
});

afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => listener?.close(() => resolve()));
  workspace?.cleanup();
  canaries?.cleanup();
});

async function askWithEscape(question: string) {
  const out = await runSourceCliAsync([
    'ask',
    '--doc',
    sampleFiling,
    '--question',
    question,
    '--mode',
    'pot-python',
    '--base-url',
    server.baseUrl,
    '--model',
    'test-chat',
    '--json',
    '--workspace',
    workspace.dir,
  ]);
  // Anything the program started would have a moment to land.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return out;
}

function expectContained(out: { code: number | null; stdout: string; stderr: string }) {
  expect(readdirSync(canaries.dir)).toEqual([]);
  expect(existsSync(canary())).toBe(false);
  expect(connections).toBe(0);
  // The program failed (exit 1, its error on stderr) and nothing it reached came back: the
  // JSON holds the program as the model wrote it, its contained error and no answer.
  expect(out.code, out.stderr).toBe(1);
  expect(out.stderr).toMatch(/the program failed: python-error: refused: /);
  expect(out.stderr).not.toMatch(/uid=/);
  const json = JSON.parse(out.stdout) as {
    mode: string;
    program: string;
    execution: { ok: boolean; value: unknown; error: string };
    answer: { value: unknown };
  };
  expect(json.mode).toBe('pot-python');
  expect(json.program).toMatch(/class S\(str\)/);
  expect(json.execution).toMatchObject({ ok: false, value: null });
  expect(json.execution.error).toMatch(/^python-error: refused: /);
  expect(json.execution.error).not.toMatch(/uid=|escaped|FOOTHOLD/);
  expect(json.answer.value).toBeNull();
  return json;
}

describe('issue 21 through workbench ask --mode pot-python', () => {
  it('the reproduction as the model wrote it: refused, nothing written, run or connected', async () => {
    const out = await askWithEscape(ISSUE_21);
    const json = expectContained(out);
    expect(json.execution.error).toMatch(/'__subclasses__'/);
    // The model was asked once to repair it, and sent it again.
    const repairs = server.requests.filter((r) =>
      JSON.stringify(r.body).includes('Running your program failed'),
    );
    expect(repairs.length).toBeGreaterThanOrEqual(1);
  });

  it('the same with names built at run time: refused at run time, nothing written', async () => {
    const out = await askWithEscape(BUILT_NAMES);
    const json = expectContained(out);
    expect(json.execution.error).toMatch(/attribute names must be plain strings in the sandbox/);
  });
});
