import type { loadPyodide as LoadPyodide, PyodideAPI } from 'pyodide';
import type { PyProxy } from 'pyodide/ffi';

/** What a worker needs of its Pyodide instance once the harness is in place. */
export interface SandboxedPyodide {
  /** harness run_program: the result as a JSON string. */
  /** `factsJson`: the tagged facts for fact()/facts() as JSON ('' or absent: none). */
  run(program: string, seed: number, maxLogChars: number, factsJson?: string): string;
  /** Bytes of wasm linear memory (never shrinks). */
  heapBytes(): number;
  /** True after an error the interpreter cannot continue from. */
  broken(): boolean;
}

const WASM_PAGE = 65536;

/** The part of the WebAssembly API patched here (our tsconfig has no DOM lib to declare it). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow: (this: WasmMemory, pages: number) => number;
}
const wasmMemoryProto = (
  globalThis as unknown as { WebAssembly: { Memory: { prototype: WasmMemory } } }
).WebAssembly.Memory.prototype;

/**
 * Caps every wasm memory in this thread (the worker hosts only Pyodide). Emscripten grows the
 * heap through `Memory.grow`; a refusal there makes malloc return NULL, which Python raises as
 * MemoryError. Wasm memory lives outside V8's heap, so resourceLimits alone would not bound it.
 */
export function installHeapCap(maxBytes: number): void {
  const grow = wasmMemoryProto.grow;
  wasmMemoryProto.grow = function cappedGrow(this: WasmMemory, delta: number): number {
    if (this.buffer.byteLength + delta * WASM_PAGE > maxBytes)
      throw new RangeError(`the sandbox heap limit of ${maxBytes} bytes`);
    return grow.call(this, delta);
  };
}

/**
 * Pyodide in Node backs Python sockets with real TCP connections (NodeSockFS). The sandbox has
 * no network: creating a socket fails, and the async bridge behind it is removed.
 */
function closeSockets(py: PyodideAPI): void {
  const module = (py as unknown as { _module: Record<string, unknown> })._module;
  const sockfs = module.SOCKFS as { createSocket?: unknown } | undefined;
  // An ErrnoError reaches Python as an OSError; any other error would abort the program's run.
  const { ErrnoError } = py.FS as unknown as { ErrnoError: new (errno: number) => Error };
  const eacces = (py.ERRNO_CODES as Record<string, number>).EACCES ?? 2;
  if (sockfs)
    sockfs.createSocket = () => {
      throw new ErrnoError(eacces);
    };
  module._nodeSock = undefined;
}

/** What Pyodide reads at every check of its interrupt buffer. */
export interface DeadlineInterrupt {
  /** Pyodide's interrupt "buffer": element 0 reads 2 (SIGINT) once the deadline has passed. */
  readonly buffer: { 0: number };
  arm(deadline: number): void;
  disarm(): void;
}

/**
 * The interrupt buffer as a clock. Pyodide reads element 0 every few bytecodes and raises
 * KeyboardInterrupt when it reads 2; with no memory shared between processes, the sandbox
 * process compares the time with the program's deadline itself. Past the deadline every read
 * answers 2 again, so a program that catches the interrupt is interrupted again at once.
 * (A program stuck where Python does not check, a long C call, is killed by the app at
 * deadline + grace: python-slot.ts.)
 */
export function deadlineInterrupt(): DeadlineInterrupt {
  let deadline = Infinity;
  const buffer = {
    get 0(): number {
      return performance.now() >= deadline ? 2 : 0;
    },
    set 0(_value: number) {
      // Pyodide clears the flag after reading it; the deadline decides instead.
    },
  };
  return {
    buffer,
    arm: (at) => (deadline = at),
    disarm: () => (deadline = Infinity),
  };
}

/**
 * Loads Pyodide offline and closes its ways out before any program runs:
 * - `jsglobals` is an empty object, so a `js` module, were it ever reached, holds nothing;
 * - the `js` and `pyodide_js` modules are unregistered and dropped from sys.modules, so
 *   `import js` fails and pyodide.code.run_js (which imports js lazily) cannot evaluate
 *   JavaScript;
 * - `env` is Pyodide's own minimal environment (the worker is also started with an empty env);
 * - sockets cannot be created (closeSockets);
 * - no file system is mounted from the host (no NODEFS): the program sees Pyodide's in-memory
 *   file system only, and the harness gives it no open() anyway.
 * Each of `moduleSources` (the numpy/scipy subset) runs first, in its own globals, to register
 * the modules the harness then hands out as copies.
 */
export async function loadSandboxedPyodide(
  loadPyodide: typeof LoadPyodide,
  pyodideDir: string,
  interrupt: Int32Array | DeadlineInterrupt['buffer'],
  harnessSource: string,
  moduleSources: readonly string[] = [],
  beforeHarness?: (py: PyodideAPI) => void,
): Promise<SandboxedPyodide> {
  const py: PyodideAPI = await loadPyodide({
    indexURL: `${pyodideDir}/`,
    jsglobals: {},
    env: { HOME: '/home/pyodide' },
    stdout: () => undefined,
    stderr: () => undefined,
    packages: [],
  });
  closeSockets(py);
  py.setInterruptBuffer(interrupt as Int32Array);
  py.unregisterJsModule('js');
  py.unregisterJsModule('pyodide_js');
  py.runPython(
    "import sys\nfor _m in ('js', 'pyodide_js'):\n    sys.modules.pop(_m, None)\ndel _m, sys",
  );
  for (const source of moduleSources) {
    const globals = py.runPython('dict()') as PyProxy;
    py.runPython(source, { globals });
    globals.destroy();
  }
  beforeHarness?.(py);
  const harness = py.runPython('dict()') as PyProxy & { get(name: string): unknown };
  py.runPython(harnessSource, { globals: harness });
  const runProgram = harness.get('run_program') as (
    source: string,
    seed: number,
    maxLogChars: number,
    factsJson?: string,
  ) => string;
  let fatal = false;
  const heap = (py as unknown as { _module: { HEAPU8: Uint8Array } })._module;
  const memory = (): number => heap.HEAPU8.buffer.byteLength;
  return {
    run(program, seed, maxLogChars, factsJson) {
      try {
        // Facts only when there are some: a test's own harness takes the first three.
        return factsJson
          ? runProgram(program, seed, maxLogChars, factsJson)
          : runProgram(program, seed, maxLogChars);
      } catch (e) {
        if (/fatal/i.test(e instanceof Error ? e.message : String(e))) fatal = true;
        throw e;
      }
    },
    heapBytes: memory,
    broken: () => fatal,
  };
}
