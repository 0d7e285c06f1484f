import variant from '@jitl/quickjs-wasmfile-release-sync';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSWASMModule,
} from 'quickjs-emscripten-core';

/**
 * QuickJS as a WebAssembly instance with a memory we create and cap.
 *
 * Why our own capped memory: this build has no malloc_usable_size, so QuickJS's memory limit
 * (runtime.setMemoryLimit) counts 8 bytes of overhead per allocation, not the allocation's size.
 * It stops one huge allocation and floods of small ones, but not, e.g., 10,000 arrays of 1,000
 * numbers (80 MB, "counted" as 160 kB; measured). The wasm memory maximum is a hard ceiling
 * below all of that: past it malloc fails and QuickJS throws a clean "out of memory".
 *
 * We import the core package and ONE build variant (release, synchronous) rather than the
 * `quickjs-emscripten` meta package, which would pull in all four wasm builds.
 */

/** The parts of the WebAssembly API used here (our tsconfig has no DOM lib to declare them). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Memory: new (descriptor: { initial: number; maximum: number }) => WasmMemory;
  compile(bytes: Uint8Array): Promise<object>;
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

export interface QuickJSInstance {
  qjs: QuickJSWASMModule;
  memory: WasmMemory;
  /**
   * While a program runs: the linear memory may not grow past `bytes`; a refused growth makes
   * malloc fail (QuickJS throws "out of memory" at once) and calls `refused`. The interrupt
   * handler's heap watch alone is late: QuickJS polls it every 10,000 ticks, which a loop of
   * big allocations (`a.push(new Array(1e4).fill(0))`) stretches past the worker's grace.
   */
  growCeiling: GrowCeiling;
}

export interface GrowCeiling {
  bytes: number;
  refused: () => void;
}

const PAGE = 64 * 1024;
/** What emscripten would start with anyway (its INITIAL_MEMORY). */
const INITIAL_BYTES = 16 * 1024 * 1024;

let compiled: Promise<object> | undefined;

/** Compiled once per thread; each instance then only instantiates it (a few ms). */
function compileWasm(): Promise<object> {
  compiled ??= (async () => {
    const path = createRequire(__filename).resolve('@jitl/quickjs-wasmfile-release-sync/wasm');
    return wasm.compile(await readFile(path));
  })();
  return compiled;
}

/** A fresh instance whose linear memory can never grow beyond `maxHeapBytes`. */
export async function loadQuickJS(maxHeapBytes: number): Promise<QuickJSInstance> {
  const maximum = Math.max(INITIAL_BYTES, maxHeapBytes);
  const memory = new wasm.Memory({
    initial: INITIAL_BYTES / PAGE,
    maximum: Math.ceil(maximum / PAGE),
  });
  const growCeiling: GrowCeiling = { bytes: Infinity, refused: () => undefined };
  // emscripten's heap resize calls this object's grow() and treats a throw as "no memory".
  const grow = memory.grow.bind(memory);
  memory.grow = (pages) => {
    if (memory.buffer.byteLength + pages * PAGE > growCeiling.bytes) {
      growCeiling.refused();
      throw new RangeError('over the program memory limit');
    }
    return grow(pages);
  };
  const qjs = await newQuickJSWASMModuleFromVariant(
    newVariant(variant, { wasmModule: await compileWasm(), wasmMemory: memory }),
  );
  return { qjs, memory, growCeiling };
}
