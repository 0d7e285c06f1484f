import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core';
import type { SandboxError, SandboxValue } from '../../shared/sandbox/types';

/**
 * Reads a program's answer without running any of its code: only the type tag, the number, the
 * boolean or the string are read. Objects (including Number wrappers, arrays and objects with
 * valueOf/toString/Symbol.toPrimitive traps) are refused, never converted.
 */
export function readResult(
  ctx: QuickJSContext,
  handle: QuickJSHandle,
  maxOutputChars: number,
  /** ctx.typeof(handle), when the caller already asked. */
  type = ctx.typeof(handle),
): { ok: true; value: SandboxValue } | { ok: false; error: SandboxError } {
  switch (type) {
    case 'number': {
      const value = ctx.getNumber(handle);
      // -0 becomes 0: results are stored and exported as JSON, which has no -0.
      if (Number.isFinite(value)) return { ok: true, value: value === 0 ? 0 : value };
      return { ok: false, error: { kind: 'non-numeric', message: `returned ${String(value)}` } };
    }
    case 'boolean':
      // Compare with the context's own `true` rather than dumping (dump may call JSON.stringify).
      return { ok: true, value: ctx.sameValue(handle, ctx.true) };
    case 'string': {
      // A primitive string's length is an own property of its wrapper: no program code runs.
      const lengthHandle = ctx.getProp(handle, 'length');
      const length = ctx.typeof(lengthHandle) === 'number' ? ctx.getNumber(lengthHandle) : Infinity;
      lengthHandle.dispose();
      if (length > maxOutputChars) {
        return {
          ok: false,
          error: {
            kind: 'output-too-large',
            message: `returned a string of ${length} characters (limit ${maxOutputChars})`,
          },
        };
      }
      const value = readVmString(ctx, handle, length);
      return value === undefined
        ? { ok: false, error: { kind: 'non-numeric', message: 'returned an unreadable string' } }
        : { ok: true, value };
    }
    case 'undefined':
      return {
        ok: false,
        error: {
          kind: 'non-numeric',
          message: 'returned undefined (define function solution() that returns the answer)',
        },
      };
    case 'object':
      return {
        ok: false,
        error: {
          kind: 'non-numeric',
          message: ctx.sameValue(handle, ctx.null) ? 'returned null' : 'returned an object',
        },
      };
    default:
      return { ok: false, error: { kind: 'non-numeric', message: `returned a ${type}` } };
  }
}

/**
 * A VM string of `length` UTF-16 units, whole. quickjs-emscripten hands strings out as C
 * strings, so `getString` ends at the first NUL ('a\u0000b' came back as "a") and turns lone
 * surrogates into U+FFFD. When that happened, the string is JSON-encoded by a fresh context of the same runtime (pristine
 * built-ins the program never saw; JSON escapes NULs and lone surrogates) and decoded here.
 * Undefined only when even that fails (the runtime is out of memory or time).
 */
export function readVmString(
  ctx: QuickJSContext,
  handle: QuickJSHandle,
  length: number,
): string | undefined {
  const text = ctx.getString(handle);
  // U+FFFD may stand for a lone surrogate the C string could not carry either.
  if (text.length >= length && !text.includes('\uFFFD')) return text;
  let reader: QuickJSContext | undefined;
  try {
    reader = ctx.runtime.newContext({ intrinsics: { BaseObjects: true, JSON: true } });
    const json = reader.getProp(reader.global, 'JSON');
    const stringify = reader.getProp(json, 'stringify');
    json.dispose();
    const result = reader.callFunction(stringify, reader.undefined, handle);
    stringify.dispose();
    if (result.error) {
      result.error.dispose();
      return undefined;
    }
    const encoded = reader.getString(result.value);
    result.value.dispose();
    const decoded: unknown = JSON.parse(encoded);
    return typeof decoded === 'string' && decoded.length === length ? decoded : undefined;
  } catch {
    return undefined;
  } finally {
    reader?.dispose();
  }
}
