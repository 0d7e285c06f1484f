import type { QuickJSContext, QuickJSHandle, VmCallResult } from 'quickjs-emscripten-core';

/**
 * A shorter C → host path for the lookup helpers (cell, cellInfo, fact, facts).
 *
 * Every call of a `ctx.newFunction` function goes through quickjs-emscripten's generic
 * callback: a generator (`Scope.withScopeMaybeAsync`, built for asyncify builds), a Scope, a
 * WeakLifetime per argument and for `this`, and a duplicate of the result. Measured on the
 * bench's cell() program (fresh runtime + context, 4 calls, in-process, CPU time): 4 calls cost
 * ~66 µs over the same program with literals, ~35 µs with this path; the generic path was
 * ~7% of that program's profile, most of it garbage.
 *
 * This path is narrow on purpose: the wrappers in snippets.ts call their host function with
 * exactly one primitive string (checked in the context), so the host reads that one C string
 * and answers a number, a string or an error: the same FFI calls the public API makes
 * (QTS_Typeof, QTS_GetString, QTS_NewFloat64, QTS_Throw), without the scaffolding. It never
 * runs program code. Anything else (a lone surrogate to read exactly, a function this module
 * did not register) goes to the generic path, which stays installed underneath.
 *
 * It reaches members quickjs-emscripten keeps private (the context's callback table,
 * `getFunction`, `module`, `ffi`), checked when a context is prepared: if a release renames
 * them, `enableFastHostCalls` returns false and every call takes the generic path (slower,
 * same results). `fast-host-call.test.ts` fails in that case, so an upgrade notices.
 */

/** What a fast host function answers: a number, a string, or an error the program sees. */
export type FastAnswer = number | string | { name: string; message: string };

/**
 * The request a fast host function receives: the one string its wrapper passed, or undefined
 * when the argument was missing or not a string. Return undefined from here to hand the call
 * to the generic implementation instead (it then reads the arguments itself).
 */
export type FastHostFunction = (request: string | undefined) => FastAnswer | undefined;

type Pointer = number;

interface Ffi {
  QTS_ArgvGetJSValueConstPointer(argv: Pointer, index: number): Pointer;
  QTS_Typeof(ctx: Pointer, value: Pointer): Pointer;
  QTS_GetString(ctx: Pointer, value: Pointer): Pointer;
  QTS_FreeCString(ctx: Pointer, str: Pointer): void;
  QTS_NewFloat64(ctx: Pointer, num: number): Pointer;
  QTS_DupValuePointer(ctx: Pointer, value: Pointer): Pointer;
  QTS_Throw(ctx: Pointer, error: Pointer): Pointer;
}

interface EmscriptenModule {
  UTF8ToString(ptr: Pointer): string;
  _free(ptr: Pointer): void;
}

type CallFunction = (
  ctx: Pointer,
  thisPtr: Pointer,
  argc: number,
  argv: Pointer,
  fnId: number,
) => Pointer;

/** The private members of a QuickJSContext this module uses (quickjs-emscripten-core 0.32). */
interface ContextInternals {
  cToHostCallbacks?: { callFunction?: CallFunction };
  getFunction?: (fnId: number) => unknown;
  module?: Partial<EmscriptenModule>;
  ffi?: Partial<Ffi>;
  ctx?: { value?: unknown };
}

const FFI_NAMES: readonly (keyof Ffi)[] = [
  'QTS_ArgvGetJSValueConstPointer',
  'QTS_Typeof',
  'QTS_GetString',
  'QTS_FreeCString',
  'QTS_NewFloat64',
  'QTS_DupValuePointer',
  'QTS_Throw',
];

/** The generic implementation registered with newFunction → its fast twin. */
const fastTwins = new WeakMap<object, FastHostFunction>();

/** The contexts whose calls take the short path (for usesFastHostCalls). */
const enabled = new WeakSet<QuickJSContext>();

/** Internals already checked, by their ffi object (one per QuickJS instance). */
const checkedFfi = new WeakSet<object>();

function internalsOk(internals: ContextInternals): boolean {
  const { ffi, module } = internals;
  if (!ffi || typeof module?.UTF8ToString !== 'function' || typeof module._free !== 'function')
    return false;
  if (checkedFfi.has(ffi)) return true;
  for (const name of FFI_NAMES) if (typeof ffi[name] !== 'function') return false;
  checkedFfi.add(ffi);
  return true;
}

/** A primitive string argument as a host string; undefined for anything else. */
function readString(
  f: Ffi,
  m: EmscriptenModule,
  ctxPtr: Pointer,
  value: Pointer,
): string | undefined {
  const typePtr = f.QTS_Typeof(ctxPtr, value);
  const type = m.UTF8ToString(typePtr);
  m._free(typePtr);
  if (type !== 'string') return undefined;
  const chars = f.QTS_GetString(ctxPtr, value);
  const text = m.UTF8ToString(chars);
  f.QTS_FreeCString(ctxPtr, chars);
  return text;
}

/** The answer as the JSValue pointer a host call returns (QuickJS takes ownership). */
function answerPointer(ctx: QuickJSContext, f: Ffi, ctxPtr: Pointer, out: FastAnswer): Pointer {
  if (typeof out === 'number') return f.QTS_NewFloat64(ctxPtr, out);
  // A string is copied in as newString does; an error is thrown as the generic path throws it.
  const handle = typeof out === 'string' ? ctx.newString(out) : ctx.newError(out);
  try {
    const ptr = handle.value as unknown as Pointer;
    return typeof out === 'string' ? f.QTS_DupValuePointer(ctxPtr, ptr) : f.QTS_Throw(ctxPtr, ptr);
  } finally {
    handle.dispose();
  }
}

/**
 * Routes the context's calls of functions made by `newFastFunction` through the short path.
 * Returns false (and changes nothing) when quickjs-emscripten's internals are not as expected.
 */
export function enableFastHostCalls(ctx: QuickJSContext): boolean {
  if (enabled.has(ctx)) return true;
  const internals = ctx as unknown as ContextInternals;
  const callbacks = internals.cToHostCallbacks;
  const generic = callbacks?.callFunction;
  const getFunction = internals.getFunction;
  const ctxPtr = internals.ctx?.value;
  if (
    !callbacks ||
    typeof generic !== 'function' ||
    typeof getFunction !== 'function' ||
    typeof ctxPtr !== 'number' ||
    !internalsOk(internals)
  )
    return false;
  const f = internals.ffi as Ffi;
  const m = internals.module as EmscriptenModule;
  enabled.add(ctx);
  callbacks.callFunction = (calledCtx, thisPtr, argc, argv, fnId) => {
    const fast =
      calledCtx === ctxPtr ? fastTwins.get(getFunction.call(ctx, fnId) as object) : undefined;
    if (!fast) return generic(calledCtx, thisPtr, argc, argv, fnId);
    let out: FastAnswer | undefined;
    try {
      const request =
        argc >= 1 ? readString(f, m, ctxPtr, f.QTS_ArgvGetJSValueConstPointer(argv, 0)) : undefined;
      // A U+FFFD may stand for a lone surrogate the C string could not carry: the generic
      // implementation reads such a request exactly.
      out = request?.includes('\uFFFD') ? undefined : fast(request);
    } catch (error) {
      // As the generic path does with a host exception: the program sees it as an Error.
      const e = error instanceof Error ? error : new Error(String(error));
      return answerPointer(ctx, f, ctxPtr, { name: e.name, message: e.message });
    }
    if (out === undefined) return generic(calledCtx, thisPtr, argc, argv, fnId);
    return answerPointer(ctx, f, ctxPtr, out);
  };
  return true;
}

/**
 * `ctx.newFunction(name, generic)`, whose calls take `fast` when enableFastHostCalls(ctx)
 * succeeded. `generic` must give the same answers (it is what runs otherwise); each call of
 * this registers a new function object, so the twin is found by identity.
 */
export function newFastFunction(
  ctx: QuickJSContext,
  name: string,
  generic: (request: QuickJSHandle | undefined) => VmCallResult<QuickJSHandle>,
  fast: FastHostFunction,
): QuickJSHandle {
  const implementation = (request?: QuickJSHandle) => generic(request);
  fastTwins.set(implementation, fast);
  return ctx.newFunction(name, implementation);
}

/** Whether calls in `ctx` take the short path (for the test that guards an upgrade). */
export function usesFastHostCalls(ctx: QuickJSContext): boolean {
  return enabled.has(ctx);
}
