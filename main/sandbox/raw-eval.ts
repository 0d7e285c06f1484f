import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core';
import { rawAccess } from './fast-host-call';

/**
 * `ctx.evalCode(program + suffix, filename, { type: 'global' })` for a program's one evaluation,
 * by the raw export instead of quickjs-emscripten's wrapper. The wrapper measures and copies the
 * text with emscripten's per-character JavaScript loops (after the concatenation is flattened),
 * goes through `ccall` to pass the file name (a stack-allocated C string per call) and wraps the
 * result in a Lifetime and a DisposableResult; here the two pieces are encoded straight into
 * wasm memory with TextEncoder.encodeInto, the file name is a C string written once per QuickJS
 * instance, and the answer is the handle the wrapper would have made. QuickJS gets the same
 * bytes, length and flags (global code, no module detection), so it parses and runs the same.
 *
 * Text with a surrogate code unit takes the wrapper: emscripten's encoder joins a lone
 * surrogate with the next unit where TextEncoder writes U+FFFD, and a program's bytes must be
 * the ones it always got. So does any context whose internals are not as fast-host-call.ts
 * expects (the test for this file then fails).
 */

/** What the evaluation answered: a value or what it threw, each a handle the caller owns. */
export type Evaluation =
  | { readonly error: QuickJSHandle; readonly value?: undefined }
  | { readonly error?: undefined; readonly value: QuickJSHandle };

class Evaluated {
  readonly error = undefined;
  constructor(readonly value: QuickJSHandle) {}
}

class Threw {
  constructor(readonly error: QuickJSHandle) {}
}

type Pointer = number;

interface EvalExport {
  _QTS_Eval?: (
    ctx: Pointer,
    code: Pointer,
    length: number,
    filename: Pointer,
    detectModule: number,
    flags: number,
  ) => Pointer;
}

/** JS_EVAL_TYPE_GLOBAL, as `{ type: 'global' }` gives it. */
const GLOBAL = 0;
const SURROGATE = /[\uD800-\uDFFF]/;
const encoder = new TextEncoder();

/** File names as C strings, per QuickJS instance (its emscripten module), written once. */
const fileNames = new WeakMap<object, Map<string, Pointer>>();

function fileNamePointer(
  m: { _malloc(bytes: number): Pointer; HEAPU8: Uint8Array },
  name: string,
): Pointer {
  let names = fileNames.get(m);
  if (!names) fileNames.set(m, (names = new Map<string, Pointer>()));
  let at = names.get(name);
  if (at === undefined) {
    const bytes = encoder.encode(name);
    at = m._malloc(bytes.length + 1);
    if (at === 0) return 0;
    m.HEAPU8.set(bytes, at);
    m.HEAPU8[at + bytes.length] = 0;
    names.set(name, at);
  }
  return at;
}

export function evalGlobal(
  ctx: QuickJSContext,
  program: string,
  suffix: string,
  filename: string,
): Evaluation {
  const raw = rawAccess(ctx);
  const evalExport = raw && (raw.m as unknown as EvalExport)._QTS_Eval;
  if (!raw || typeof evalExport !== 'function' || SURROGATE.test(program) || SURROGATE.test(suffix))
    return ctx.evalCode(program + suffix, filename, { type: 'global' });
  const { f, m, ctxPtr } = raw;
  const name = fileNamePointer(m, filename);
  // UTF-8 takes at most 3 bytes per UTF-16 unit without surrogates; one more for the NUL.
  const room = (program.length + suffix.length) * 3 + 1;
  const code = name === 0 ? 0 : m._malloc(room);
  if (code === 0) return ctx.evalCode(program + suffix, filename, { type: 'global' });
  // Read HEAPU8 after the allocation: it may have grown the memory.
  const heap = m.HEAPU8;
  const first = encoder.encodeInto(program, heap.subarray(code, code + room)).written;
  const length =
    first + encoder.encodeInto(suffix, heap.subarray(code + first, code + room)).written;
  heap[code + length] = 0;
  const result = evalExport(ctxPtr, code, length, name, 0, GLOBAL);
  m._free(code);
  const thrown = f.QTS_ResolveException(ctxPtr, result);
  if (thrown) {
    f.QTS_FreeValuePointer(ctxPtr, result);
    return new Threw(raw.handle(thrown));
  }
  return new Evaluated(raw.handle(result));
}
