import type { QuickJSContext, QuickJSHandle, VmCallResult } from 'quickjs-emscripten-core';
import { readVmString } from './read-result';
import { RunTag } from './run-tag';

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

const pointerOf = (h: QuickJSHandle): Pointer => h.value;

interface Ffi {
  QTS_ArgvGetJSValueConstPointer(argv: Pointer, index: number): Pointer;
  QTS_Call(ctx: Pointer, fn: Pointer, thisPtr: Pointer, argc: number, argvPtrs: Pointer): Pointer;
  QTS_GetProp(ctx: Pointer, value: Pointer, key: Pointer): Pointer;
  QTS_GetFloat64(ctx: Pointer, value: Pointer): number;
  QTS_GetUndefined(): Pointer;
  QTS_FreeValuePointer(ctx: Pointer, value: Pointer): void;
  QTS_Typeof(ctx: Pointer, value: Pointer): Pointer;
  QTS_GetString(ctx: Pointer, value: Pointer): Pointer;
  QTS_FreeCString(ctx: Pointer, str: Pointer): void;
  QTS_NewFloat64(ctx: Pointer, num: number): Pointer;
  QTS_DupValuePointer(ctx: Pointer, value: Pointer): Pointer;
  QTS_Throw(ctx: Pointer, error: Pointer): Pointer;
  QTS_NewString(ctx: Pointer, chars: Pointer): Pointer;
  QTS_SetProp(ctx: Pointer, target: Pointer, key: Pointer, value: Pointer): void;
  QTS_ResolveException(ctx: Pointer, maybeException: Pointer): Pointer;
}

interface EmscriptenModule {
  UTF8ToString(ptr: Pointer): string;
  _free(ptr: Pointer): void;
  _malloc(bytes: number): Pointer;
  HEAPU8: Uint8Array;
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
  memory?: { heapValueHandle?: (ptr: Pointer) => QuickJSHandle };
}

const FFI_NAMES: readonly (keyof Ffi)[] = [
  'QTS_ArgvGetJSValueConstPointer',
  'QTS_Call',
  'QTS_GetProp',
  'QTS_GetFloat64',
  'QTS_GetUndefined',
  'QTS_FreeValuePointer',
  'QTS_Typeof',
  'QTS_GetString',
  'QTS_FreeCString',
  'QTS_NewFloat64',
  'QTS_DupValuePointer',
  'QTS_Throw',
  'QTS_NewString',
  'QTS_SetProp',
  'QTS_ResolveException',
];

/** The generic implementation registered with newFunction → its fast twin (see run-tag.ts). */
const fastTwins = new RunTag<object, FastHostFunction>('fast twin');

/** The contexts whose calls take the short path (for usesFastHostCalls). */
const enabled = new RunTag<QuickJSContext, true>('fast host calls');

/** Internals already checked, by their ffi object (one per QuickJS instance). */
const checkedFfi = new WeakSet<object>();

function internalsOk(internals: ContextInternals): boolean {
  const { ffi, module } = internals;
  if (
    !ffi ||
    typeof module?.UTF8ToString !== 'function' ||
    typeof module._free !== 'function' ||
    typeof module._malloc !== 'function' ||
    !(module.HEAPU8 instanceof Uint8Array)
  )
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
  if (typeOf(f, m, ctxPtr, value) !== 'string') return undefined;
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
  enabled.set(ctx, true);
  callbacks.callFunction = (calledCtx, thisPtr, argc, argv, fnId) => {
    const fn = calledCtx === ctxPtr ? (getFunction.call(ctx, fnId) as object) : undefined;
    const fast = fn && fastTwins.get(fn);
    if (!fast) {
      const json = fn && jsonTwins.get(fn);
      if (json) return jsonRequestCall(ctx, f, m, ctxPtr, argc, argv, json);
      return generic(calledCtx, thisPtr, argc, argv, fnId);
    }
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

/**
 * A lookup helper whose request is the JSON of its first three arguments, made by the host
 * instead of by a wrapper evaluated in every context: parsing the wrapper was ~20 of the ~25 µs
 * installing cell() cost per context (QuickJS parses at ~0.3 µs per token in a fresh context),
 * and the call is one frame shorter. What the program can observe is what the wrapper gave it,
 * `function cell(t, r, c) { return host(JSON.stringify([t, r, c])) }` with JSON.stringify and
 * the array captured before the program ran: the array is made by the captured `Array.of` (a
 * data property per element, as an array literal defines them: no setter the program put on
 * Array.prototype runs), stringified by the captured JSON.stringify (so the program's own
 * toJSON methods run, as before), and whatever either throws reaches the program unchanged: on
 * the short path the exception is left pending and QuickJS propagates it as it is, uncatchable
 * interrupts included. The function is not a constructor and prints as native code.
 *
 * JSON.stringify escapes lone surrogates and NULs, so the C string carries the request exactly:
 * unlike newFastFunction's requests, none needs the generic path to be read.
 */

/** Built-ins a JSON-request function uses, captured before the program runs. */
export interface JsonRequestTools {
  /** The Array constructor (Array.of's receiver) and Array.of. */
  array: QuickJSHandle;
  arrayOf: QuickJSHandle;
  stringify: QuickJSHandle;
  /** The key "length", to measure a request before copying it out. */
  lengthKey: QuickJSHandle;
}

/** Captures the tools in a fresh context; `own` disposes them with the context. */
export function captureJsonRequestTools(
  ctx: QuickJSContext,
  own: (h: QuickJSHandle) => QuickJSHandle,
): JsonRequestTools {
  const raw = rawAccess(ctx);
  const tools = raw && captureRaw(ctx, raw, own);
  if (tools) return tools;
  const array = own(ctx.getProp(ctx.global, 'Array'));
  const json = own(ctx.getProp(ctx.global, 'JSON'));
  return {
    array,
    arrayOf: own(ctx.getProp(array, 'of')),
    stringify: own(ctx.getProp(json, 'stringify')),
    lengthKey: own(ctx.newString('length')),
  };
}

/** `ctx.setProp(ctx.global, name, value)` for the names below, by raw FFI when it can. */
export function setGlobal(ctx: QuickJSContext, name: 'cell', value: QuickJSHandle): void {
  const raw = rawAccess(ctx);
  if (!raw) {
    ctx.setProp(ctx.global, name, value);
    return;
  }
  const { f, ctxPtr } = raw;
  const key = f.QTS_NewString(ctxPtr, cNames(raw.m)[name]);
  f.QTS_SetProp(ctxPtr, pointerOf(ctx.global), key, pointerOf(value));
  f.QTS_FreeValuePointer(ctxPtr, key);
}

/** A class, not a literal with a closure per call (see run-program.ts on literal sites). */
export class RawAccess {
  constructor(
    readonly f: Ffi,
    readonly m: EmscriptenModule,
    readonly ctxPtr: Pointer,
    private readonly memory: { heapValueHandle: (ptr: Pointer) => QuickJSHandle },
  ) {}

  /** A handle owning `ptr`, as the context's own calls make them. */
  handle(ptr: Pointer): QuickJSHandle {
    return this.memory.heapValueHandle(ptr);
  }
}

/** The FFI, the module and a handle maker of `ctx`, when the internals are as expected. */
export function rawAccess(ctx: QuickJSContext): RawAccess | undefined {
  const internals = ctx as unknown as ContextInternals;
  const ctxPtr = internals.ctx?.value;
  const memory = internals.memory;
  if (typeof ctxPtr !== 'number' || typeof memory?.heapValueHandle !== 'function') return undefined;
  if (!internalsOk(internals)) return undefined;
  return new RawAccess(
    internals.ffi as Ffi,
    internals.module as EmscriptenModule,
    ctxPtr,
    memory as { heapValueHandle: (ptr: Pointer) => QuickJSHandle },
  );
}

/**
 * The property names read or written in every context that uses cell(), as C strings in the
 * instance's memory, written once per instance. quickjs-emscripten's getProp/setProp with a
 * string key allocate, copy and free a C string and make and dispose a key handle each time:
 * ~2.5 µs per property, five of them per context.
 */
const NAMES = ['Array', 'JSON', 'of', 'stringify', 'length', 'cell'] as const;
type Name = (typeof NAMES)[number];
const namePointers = new WeakMap<EmscriptenModule, Record<Name, Pointer>>();

function cNames(m: EmscriptenModule): Record<Name, Pointer> {
  let names = namePointers.get(m);
  if (!names) {
    const made: Partial<Record<Name, Pointer>> = {};
    for (const name of NAMES) made[name] = m._malloc(name.length + 1);
    // Read HEAPU8 after the allocations: one of them may have grown the memory.
    const heap = m.HEAPU8;
    for (const name of NAMES) {
      const at = made[name] ?? 0;
      for (let i = 0; i < name.length; i++) heap[at + i] = name.charCodeAt(i);
      heap[at + name.length] = 0;
    }
    names = made as Record<Name, Pointer>;
    namePointers.set(m, names);
  }
  return names;
}

/** The tools by raw FFI; undefined (the caller reads them the public way) if one is missing. */
function captureRaw(
  ctx: QuickJSContext,
  raw: RawAccess,
  own: (h: QuickJSHandle) => QuickJSHandle,
): JsonRequestTools | undefined {
  const { f, ctxPtr } = raw;
  const names = cNames(raw.m);
  const array = own(readRaw(raw, names, ctx.global, 'Array'));
  const json = own(readRaw(raw, names, ctx.global, 'JSON'));
  // A context made without JSON (only a caller's own choice of intrinsics can do that).
  if (!isRaw(raw, array, 'function') || !isRaw(raw, json, 'object')) return undefined;
  const arrayOf = own(readRaw(raw, names, array, 'of'));
  const stringify = own(readRaw(raw, names, json, 'stringify'));
  if (!isRaw(raw, arrayOf, 'function') || !isRaw(raw, stringify, 'function')) return undefined;
  return {
    array,
    arrayOf,
    stringify,
    lengthKey: own(raw.handle(f.QTS_NewString(ctxPtr, names.length))),
  };
}

/** `from[name]` by raw FFI (functions of the module, not closures made per context). */
function readRaw(
  raw: RawAccess,
  names: Record<Name, Pointer>,
  from: QuickJSHandle,
  name: Name,
): QuickJSHandle {
  const { f, ctxPtr } = raw;
  const key = f.QTS_NewString(ctxPtr, names[name]);
  const value = f.QTS_GetProp(ctxPtr, pointerOf(from), key);
  f.QTS_FreeValuePointer(ctxPtr, key);
  return raw.handle(value);
}

const isRaw = (raw: RawAccess, h: QuickJSHandle, type: string): boolean =>
  typeOf(raw.f, raw.m, raw.ctxPtr, pointerOf(h)) === type;

/** Answers a JSON-request function's request (undefined: not a string, or too long). */
export type JsonHostFunction = (request: string | undefined) => FastAnswer;

interface JsonTwin {
  tools: JsonRequestTools;
  /** Longer requests are answered as no request (undefined), unread. */
  maxChars: number;
  answer: JsonHostFunction;
}

/** The generic implementation registered with newFunctionWithOptions → its JSON twin. */
const jsonTwins = new RunTag<object, JsonTwin>('json twin');

/**
 * Wasm memory for the argument pointers of QTS_Call, one slot per QuickJS instance (the
 * emscripten module). A nested call (a toJSON calling cell()) may reuse it at once: QTS_Call
 * copies the pointers out before any JavaScript runs.
 */
const scratch = new WeakMap<EmscriptenModule, { slot: Pointer; view: Int32Array }>();

/** The slot's three words, viewed over the current wasm memory (it may have grown). */
function argumentSlot(m: EmscriptenModule): { slot: Pointer; words: Int32Array; at: number } {
  let s = scratch.get(m);
  if (!s) {
    s = { slot: m._malloc(16), view: new Int32Array(m.HEAPU8.buffer) };
    scratch.set(m, s);
  }
  if (s.view.buffer !== m.HEAPU8.buffer) s.view = new Int32Array(m.HEAPU8.buffer);
  return { slot: s.slot, words: s.view, at: s.slot >> 2 };
}

function typeOf(f: Ffi, m: EmscriptenModule, ctxPtr: Pointer, value: Pointer): string {
  const typePtr = f.QTS_Typeof(ctxPtr, value);
  const type = typeName(m, typePtr);
  m._free(typePtr);
  return type;
}

/**
 * The C string QTS_Typeof wrote, told apart by its first letters: emscripten's UTF8ToString
 * goes through a TextDecoder for every string, ~1 µs for these few ASCII bytes. Anything not
 * in the list (there is nothing else today) is decoded the long way.
 */
function typeName(m: EmscriptenModule, ptr: Pointer): string {
  const heap = m.HEAPU8;
  switch (heap[ptr]) {
    case 0x6e: // n
      return 'number';
    case 0x6f: // o
      return 'object';
    case 0x66: // f
      return 'function';
    case 0x73: // s
      if (heap[ptr + 1] === 0x74) return 'string';
      if (heap[ptr + 1] === 0x79) return 'symbol';
      break;
    case 0x62: // b
      if (heap[ptr + 1] === 0x6f) return 'boolean';
      if (heap[ptr + 1] === 0x69) return 'bigint';
      break;
    case 0x75: // u
      if (heap[ptr + 2] === 0x64) return 'undefined';
      if (heap[ptr + 2] === 0x6b) return 'unknown';
      break;
    default:
      break;
  }
  return m.UTF8ToString(ptr);
}

/**
 * ctx.typeof(handle) by the same FFI call without the TextDecoder (see typeName); ctx.typeof
 * itself when quickjs-emscripten's internals are not as expected.
 */
export function typeOfHandle(ctx: QuickJSContext, handle: QuickJSHandle): string {
  const internals = ctx as unknown as ContextInternals;
  const ctxPtr = internals.ctx?.value;
  if (typeof ctxPtr !== 'number' || !internalsOk(internals)) return ctx.typeof(handle);
  return typeOf(internals.ffi as Ffi, internals.module as EmscriptenModule, ctxPtr, handle.value);
}

/** The short path of a JSON-request function: see newJsonRequestFunction. */
function jsonRequestCall(
  ctx: QuickJSContext,
  f: Ffi,
  m: EmscriptenModule,
  ctxPtr: Pointer,
  argc: number,
  argv: Pointer,
  twin: JsonTwin,
): Pointer {
  const { tools } = twin;
  const undef = f.QTS_GetUndefined();
  let s = argumentSlot(m);
  s.words[s.at] = argc > 0 ? f.QTS_ArgvGetJSValueConstPointer(argv, 0) : undef;
  s.words[s.at + 1] = argc > 1 ? f.QTS_ArgvGetJSValueConstPointer(argv, 1) : undef;
  s.words[s.at + 2] = argc > 2 ? f.QTS_ArgvGetJSValueConstPointer(argv, 2) : undef;
  const array = f.QTS_Call(ctxPtr, pointerOf(tools.arrayOf), pointerOf(tools.array), 3, s.slot);
  // Only an exception has no JavaScript type: left pending, QuickJS throws it on return.
  if (typeOf(f, m, ctxPtr, array) === 'unknown') return array;
  s = argumentSlot(m);
  s.words[s.at] = array;
  const json = f.QTS_Call(ctxPtr, pointerOf(tools.stringify), undef, 1, s.slot);
  f.QTS_FreeValuePointer(ctxPtr, array);
  const type = typeOf(f, m, ctxPtr, json);
  if (type === 'unknown') return json;
  let request: string | undefined;
  if (type === 'string') {
    // A primitive string's length is its own: reading it runs no program code.
    const lengthPtr = f.QTS_GetProp(ctxPtr, json, pointerOf(tools.lengthKey));
    const length = f.QTS_GetFloat64(ctxPtr, lengthPtr);
    f.QTS_FreeValuePointer(ctxPtr, lengthPtr);
    if (length <= twin.maxChars) {
      const chars = f.QTS_GetString(ctxPtr, json);
      request = m.UTF8ToString(chars);
      f.QTS_FreeCString(ctxPtr, chars);
    }
  }
  f.QTS_FreeValuePointer(ctxPtr, json);
  let out: FastAnswer;
  try {
    out = twin.answer(request);
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    out = { name: e.name, message: e.message };
  }
  return answerPointer(ctx, f, ctxPtr, out);
}

/**
 * A host function `name(a, b, c)` that hands `answer` JSON.stringify([a, b, c]) (missing
 * arguments as undefined), or undefined when that is not a string of at most `maxChars`
 * characters. Set it on the global object yourself. Takes the short path when
 * enableFastHostCalls(ctx) succeeded; otherwise the generic implementation below does the
 * same through the public API (an exception it rethrows loses only QuickJS's uncatchable mark,
 * which the interrupt handler sets again at its next poll).
 */
export function newJsonRequestFunction(
  ctx: QuickJSContext,
  tools: JsonRequestTools,
  name: string,
  maxChars: number,
  answer: JsonHostFunction,
): QuickJSHandle {
  const generic = (...args: QuickJSHandle[]): VmCallResult<QuickJSHandle> => {
    const made = ctx.callFunction(
      tools.arrayOf,
      tools.array,
      args[0] ?? ctx.undefined,
      args[1] ?? ctx.undefined,
      args[2] ?? ctx.undefined,
    );
    if (made.error) return made;
    const json = ctx.callFunction(tools.stringify, ctx.undefined, made.value);
    made.value.dispose();
    if (json.error) return json;
    let request: string | undefined;
    if (ctx.typeof(json.value) === 'string') {
      const lengthHandle = ctx.getProp(json.value, tools.lengthKey);
      const length = ctx.getNumber(lengthHandle);
      lengthHandle.dispose();
      if (length <= maxChars) request = readVmString(ctx, json.value, length);
    }
    json.value.dispose();
    const out = answer(request);
    if (typeof out === 'number') return { value: ctx.newNumber(out) };
    if (typeof out === 'string') return { value: ctx.newString(out) };
    return { error: ctx.newError(out) };
  };
  jsonTwins.set(generic, { tools, maxChars, answer });
  return ctx.newFunctionWithOptions({ name, length: 3, isConstructor: false, fn: generic });
}
