import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PythonSandbox,
  type PythonErrorKind,
  type PythonResult,
} from '../../../main/sandbox/python';

/**
 * Hostile Python programs: each ends with the expected error class within its deadline (plus
 * the grace before termination), and the host is untouched: no marker file appears, the
 * environment is unchanged and never visible, and a normal program still runs afterwards.
 */

const TIMEOUT_MS = 500;
const GRACE_MS = 300;
const MARKER = join(tmpdir(), `wb-python-hostile-${process.pid}`);
const CANARY = `canary-${process.pid}-secret`;

interface Case {
  name: string;
  program: string;
  /** The error kinds accepted; 'ok' for a contained program that finishes. */
  expect: (PythonErrorKind | 'ok')[];
  /** Extra check on the result. */
  check?: ((r: PythonResult) => void) | undefined;
}

const refused = (name: string, program: string): Case => ({
  name,
  program,
  expect: ['refused-module'],
});
const error = (name: string, program: string, message?: RegExp): Case => ({
  name,
  program,
  expect: ['python-error'],
  check: message
    ? (r) => expect((r as { error: { message: string } }).error.message).toMatch(message)
    : undefined,
});

const CASES: Case[] = [
  { name: 'infinite loop', program: 'while True:\n    pass', expect: ['timeout'] },
  {
    name: 'loop that swallows the interrupt',
    program:
      'while True:\n    try:\n        while True:\n            pass\n    except BaseException:\n        pass',
    expect: ['timeout'],
  },
  {
    name: 'time.sleep beyond the deadline',
    program: 'import time\ntime.sleep(60)\nanswer = 1',
    expect: ['timeout'],
  },
  error('deep recursion', 'def f(n):\n    return f(n + 1)\nanswer = f(0)', /RecursionError/),
  error('deeply nested source', `answer = ${'('.repeat(5000)}1${')'.repeat(5000)}`),
  { name: 'huge string', program: "answer = len('a' * (10 ** 9))", expect: ['memory'] },
  { name: 'huge bytearray', program: 'answer = len(bytearray(2 * 10 ** 9))', expect: ['memory'] },
  {
    name: 'allocation loop',
    program: 'x = []\nwhile True:\n    x.append([0] * 100000)',
    expect: ['memory', 'timeout'],
  },
  refused('os.system', `import os\nos.system('touch ${MARKER}')`),
  refused('subprocess', `import subprocess\nsubprocess.run(['touch', '${MARKER}'])`),
  refused('socket', "import socket\nsocket.create_connection(('example.com', 80))"),
  refused('ctypes', 'import ctypes\nctypes.CDLL(None)'),
  refused('import js', 'import js\nanswer = js.process.pid'),
  refused('import pyodide_js', 'import pyodide_js\nanswer = 1'),
  refused('pyodide.ffi', 'from pyodide.ffi import to_js\nanswer = 1'),
  refused('pyodide.code.run_js', "from pyodide.code import run_js\nanswer = run_js('process.pid')"),
  refused('__import__ of os', "__import__('os').system('touch x')"),
  refused('sys.modules tampering', "import sys\nsys.modules['os'].system('touch x')"),
  refused('importlib', "import importlib\nimportlib.import_module('os')"),
  refused('builtins module', "import builtins\nbuiltins.open('/etc/passwd')"),
  refused(
    'threads (fork bomb)',
    'import threading\nwhile True:\n    threading.Thread(target=print).start()',
  ),
  refused(
    'multiprocessing',
    'import multiprocessing\nmultiprocessing.Process(target=print).start()',
  ),
  refused('signals', 'import signal\nsignal.alarm(1)'),
  refused('environment through os', 'import os\nanswer = dict(os.environ)'),
  refused('posix', 'import posix\nanswer = posix.environ'),
  refused('pathlib', "import pathlib\npathlib.Path('/etc/passwd').read_text()"),
  refused(
    'urllib (network)',
    "import urllib.request\nurllib.request.urlopen('http://example.com')",
  ),
  refused('pandas is not available', 'import pandas as pd\nanswer = pd.Series([1, 2]).sum()'),
  refused('a numpy submodule outside the subset', 'import numpy.linalg\nanswer = 1'),
  refused('numpy.random (outside the subset)', 'from numpy.random import default_rng'),
  error(
    "the numpy subset's function globals",
    'import numpy as np\nanswer = np.sqrt.__globals__',
    /refused: access to the attribute '__globals__'/,
  ),
  error(
    "the numpy subset's array storage",
    "import numpy as np\nanswer = getattr(np.array([1]), '_v')",
    /refused: access to the attribute '_v'/,
  ),
  error(
    'a numpy function outside the subset',
    'import numpy as np\nanswer = np.linalg.inv([[1.0]])',
    /numpy\.linalg\.inv is not in the sandbox's numpy subset/,
  ),
  error('open(/etc/passwd)', "answer = open('/etc/passwd').read()", /NameError: name 'open'/),
  error('eval of an import', 'eval("__import__(\'os\')")', /NameError: name 'eval'/),
  error('exec of an import', "exec('import os')", /NameError: name 'exec'/),
  error('compile', "compile('1', 'x', 'eval')", /NameError/),
  error(
    '__builtins__ manipulation',
    "__builtins__['open'] = print",
    /refused: the name '__builtins__'/,
  ),
  error('globals()', "answer = globals()['__builtins__']", /NameError: name 'globals'/),
  error('subclasses walk', 'answer = ().__class__.__base__.__subclasses__()', /refused/),
  error('getattr with a built name', "answer = getattr((), '__cl' + 'ass__')", /refused/),
  error('type.__subclasses__', 'answer = type.__subclasses__(object)', /refused/),
  error(
    'generator frame globals',
    'def g():\n    yield 1\nx = g()\nanswer = x.gi_frame.f_globals',
    /refused/,
  ),
  error(
    'traceback frame',
    'try:\n    1 / 0\nexcept Exception as e:\n    answer = e.__traceback__.tb_frame',
    /refused/,
  ),
  error('hidden module attribute', 'import random\nanswer = random._os', /refused/),
  error(
    'module reached through another module',
    'import fractions\nanswer = fractions.sys',
    /AttributeError/,
  ),
  error(
    'operator.attrgetter of a dunder',
    "import operator\nanswer = operator.attrgetter('__class__')(1)",
    /refused/,
  ),
  error(
    'attribute read by a match class pattern',
    'match print:\n    case object(__self__=module):\n        answer = module',
    /refused: access to the attribute '__self__'/,
  ),
  error('attribute in an f-string', "answer = f'{().__class__}'", /refused/),
  error('function globals', 'def f():\n    pass\nanswer = f.__globals__', /refused/),
  {
    name: 'printing 100 MB',
    program: "for _ in range(100):\n    print('x' * 1_000_000)\nanswer = 1",
    expect: ['ok'],
    check: (r) => {
      expect(r.logs.length).toBeLessThanOrEqual(16_384);
      expect(r.logsTruncated).toBe(true);
    },
  },
  {
    name: 'printing in a loop',
    program: 'while True:\n    print("spam" * 1000)',
    expect: ['timeout'],
  },
  {
    name: 'SystemExit',
    program: 'raise SystemExit(3)',
    expect: ['python-error'],
  },
];

let sandbox: PythonSandbox;
const envBefore = JSON.stringify(process.env);

beforeAll(async () => {
  process.env.WB_PYTHON_CANARY = CANARY;
  rmSync(MARKER, { force: true });
  sandbox = new PythonSandbox({ workers: 2, limits: { timeoutMs: TIMEOUT_MS }, graceMs: GRACE_MS });
  await sandbox.warmUp();
});

afterAll(async () => {
  await sandbox.close();
  delete process.env.WB_PYTHON_CANARY;
  rmSync(MARKER, { force: true });
});

describe('hostile Python programs are contained', () => {
  it(`${CASES.length} programs, each with the expected error class within the deadline`, async () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
    const results = await sandbox.runMany(CASES.map((c) => c.program));
    const failures: string[] = [];
    CASES.forEach((c, i) => {
      const r = results[i]!;
      const kind = r.ok ? 'ok' : r.error.kind;
      if (!c.expect.includes(kind)) failures.push(`${c.name}: ${JSON.stringify(r).slice(0, 300)}`);
      // Worker time, or time to termination: never much past deadline + grace.
      if (r.durationMs > TIMEOUT_MS + GRACE_MS + 400)
        failures.push(`${c.name}: took ${Math.round(r.durationMs)} ms`);
      if (JSON.stringify(r).includes(CANARY)) failures.push(`${c.name}: saw the host environment`);
      try {
        c.check?.(r);
      } catch (e) {
        failures.push(`${c.name}: ${e instanceof Error ? e.message : String(e)}`);
      }
    });
    expect(failures).toEqual([]);
  });

  it('leaves the host intact', async () => {
    expect(existsSync(MARKER)).toBe(false);
    const env = { ...process.env };
    delete env.WB_PYTHON_CANARY;
    expect(JSON.stringify(env)).toBe(envBefore);
    const r = await sandbox.run(
      'def solution():\n    return sum(cf / 1.08 ** t for t, cf in enumerate([-1000, 300, 400, 500]))',
    );
    expect(r, JSON.stringify(r)).toMatchObject({ ok: true });
    expect((r as { value: number }).value).toBeCloseTo(17.6294, 3);
  });
});
