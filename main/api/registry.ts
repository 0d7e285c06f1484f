import type { z } from 'zod';
import {
  contract,
  isMethod,
  methodNames,
  type Contract,
  type Method,
  type MethodOutput,
} from '../../shared/api/contract';
import { expandJsonBytes, isJsonBytes, type JsonBytes } from '../../shared/api/json-bytes';
import { fail, ok, WorkbenchError, type Result } from '../../shared/api/result';
import type { ApiContext } from './context';
import { log } from '../log/log';

/**
 * `signal` aborts when the caller has gone (a web client that closed its request); handlers
 * whose work is costly and only for that caller (loading a model for "Test") stop on it.
 */
export type Handler<M extends Method> = (
  input: z.output<Contract[M]['input']>,
  ctx: ApiContext,
  signal?: AbortSignal,
) => Promise<Answer<M>> | Answer<M>;

/** A handler answers a value, or JSON bytes it has already validated (shared/api/json-bytes). */
type Answer<M extends Method> = MethodOutput<M> | JsonBytes<MethodOutput<M>>;

export type HandlerMap = { [M in Method]?: Handler<M> };

export interface Registry {
  /** In-process callers (CLI, tests): the answer as a value, checked against the contract. */
  call(method: string, input: unknown): Promise<Result<unknown>>;
  /**
   * Transports (IPC, HTTP): prevalidated JSON bytes stay bytes, so a huge answer costs the main
   * thread a copy at most instead of a parse, a validation and a re-serialisation.
   */
  callForTransport(method: string, input: unknown, signal?: AbortSignal): Promise<Result<unknown>>;
}

/**
 * Combines the per-domain handler maps. Two domains claiming one method, or a contract method
 * nobody implements, is a programming error caught at start-up (and by a unit test).
 */
export function createRegistry(maps: HandlerMap[], ctx: ApiContext): Registry {
  type AnyHandler = (input: unknown, ctx: ApiContext, signal?: AbortSignal) => unknown;
  const handlers = new Map<Method, AnyHandler>();
  for (const map of maps) {
    for (const [name, handler] of Object.entries(map)) {
      if (!isMethod(name)) throw new Error(`handler for unknown method ${name}`);
      if (handlers.has(name)) throw new Error(`method ${name} is implemented twice`);
      handlers.set(name, handler as AnyHandler);
    }
  }
  const missing = methodNames.filter((m) => !handlers.has(m));
  if (missing.length) throw new Error(`no handler for ${missing.join(', ')}`);

  async function dispatch(
    method: string,
    rawInput: unknown,
    keepJsonBytes: boolean,
    signal?: AbortSignal,
  ) {
    if (!isMethod(method)) return fail('unknown-method', `unknown API method "${method}"`);
    const spec = contract[method];
    const parsed = spec.input.safeParse(rawInput ?? {});
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const where = first?.path.length ? `${first.path.join('.')}: ` : '';
      return fail('invalid-input', `${method}: ${where}${first?.message ?? 'invalid input'}`);
    }
    try {
      const value = await handlers.get(method)!(parsed.data, ctx, signal);
      if (keepJsonBytes && isJsonBytes(value)) return ok(value);
      return ok(spec.output.parse(expandJsonBytes(value)));
    } catch (e) {
      if (e instanceof WorkbenchError) return fail(e.code, e.message);
      log.error('api call failed', e, { method });
      return fail('internal', `${method} failed: ${(e as Error).message ?? String(e)}`);
    }
  }

  return {
    call: (method, input) => dispatch(method, input, false),
    callForTransport: (method, input, signal) => dispatch(method, input, true, signal),
  };
}
