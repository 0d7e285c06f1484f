import type { Intrinsics } from 'quickjs-emscripten-core';

/**
 * Which QuickJS built-in groups a program's fresh context gets. Creating the context is most of
 * a run's cost and grows with every group: measured (runtime + context create + free, best of
 * 10 rounds) ~110 µs with the core set below, ~145 µs with JSON+Date too, ~255 µs with all of
 * them. So the core set is always there and each optional group is added when the program's
 * source names it. A program that reaches a group only through a computed name
 * (`globalThis['Ma' + 'p']`) finds it missing and fails: that narrows what it can do, never
 * what it can reach.
 */

const CORE: Intrinsics = {
  // Object, Function, Array, Error types, Number, Boolean, String, Symbol, Math, Reflect, BigInt.
  BaseObjects: true,
  // Required by evalCode itself.
  Eval: true,
  // Always on: QuickJS's async functions and import() assume it. Without it an async function
  // built from a string (`eval('as' + 'ync …')`) leaks objects and aborts the runtime on dispose.
  Promise: true,
};

const HINTS: readonly (readonly [keyof Intrinsics, RegExp])[] = [
  ['JSON', /\bJSON\b/],
  ['Date', /\bDate\b/],
  ['StringNormalize', /\bnormalize\b/],
  // Regex literals (a `/` where an expression starts) and the methods that take a pattern.
  [
    'RegExp',
    /RegExp|\.(?:match|matchAll|replace|replaceAll|split|search|test|exec)\s*\(|(?:^|[=(,:;!&|?{}[\]+\-%~^<>]|\breturn|\btypeof)\s*\/(?![/*])/m,
  ],
  ['MapSet', /\b(?:Map|Set|WeakMap|WeakSet)\b/],
  [
    'TypedArrays',
    /\b(?:Int8|Uint8|Uint8Clamped|Int16|Uint16|Int32|Uint32|Float16|Float32|Float64|BigInt64|BigUint64)Array\b|\b(?:ArrayBuffer|SharedArrayBuffer|DataView|Atomics)\b/,
  ],
  ['Proxy', /\bProxy\b/],
];

export const ALL_INTRINSICS: Intrinsics = {
  ...CORE,
  JSON: true,
  Date: true,
  StringNormalize: true,
  RegExp: true,
  MapSet: true,
  TypedArrays: true,
  Proxy: true,
};

/**
 * @param needsJson the sandbox's own helper wrappers (console, cell, table) use JSON.
 */
export function intrinsicsFor(program: string, needsJson = false): Intrinsics {
  const chosen: Intrinsics = { ...CORE };
  for (const [name, hint] of HINTS) if (hint.test(program)) chosen[name] = true;
  if (needsJson) chosen.JSON = true;
  return chosen;
}
