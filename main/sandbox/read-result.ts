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
): { ok: true; value: SandboxValue } | { ok: false; error: SandboxError } {
  const type = ctx.typeof(handle);
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
      return { ok: true, value: ctx.getString(handle) };
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
