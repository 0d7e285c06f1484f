import type { z } from 'zod';
import {
  contract,
  isMethod,
  methodNames,
  type Contract,
  type Method,
  type MethodOutput,
} from '../../shared/api/contract';
import { fail, ok, WorkbenchError, type Result } from '../../shared/api/result';
import type { ApiContext } from './context';

export type Handler<M extends Method> = (
  input: z.output<Contract[M]['input']>,
  ctx: ApiContext,
) => Promise<MethodOutput<M>> | MethodOutput<M>;

export type HandlerMap = { [M in Method]?: Handler<M> };

export interface Registry {
  call(method: string, input: unknown): Promise<Result<unknown>>;
}

/**
 * Combines the per-domain handler maps. Two domains claiming one method, or a contract method
 * nobody implements, is a programming error caught at start-up (and by a unit test).
 */
export function createRegistry(maps: HandlerMap[], ctx: ApiContext): Registry {
  const handlers = new Map<Method, (input: unknown, ctx: ApiContext) => unknown>();
  for (const map of maps) {
    for (const [name, handler] of Object.entries(map)) {
      if (!isMethod(name)) throw new Error(`handler for unknown method ${name}`);
      if (handlers.has(name)) throw new Error(`method ${name} is implemented twice`);
      handlers.set(name, handler as (input: unknown, ctx: ApiContext) => unknown);
    }
  }
  const missing = methodNames.filter((m) => !handlers.has(m));
  if (missing.length) throw new Error(`no handler for ${missing.join(', ')}`);

  return {
    async call(method, rawInput) {
      if (!isMethod(method)) return fail('unknown-method', `unknown API method "${method}"`);
      const spec = contract[method];
      const parsed = spec.input.safeParse(rawInput ?? {});
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        const where = first?.path.length ? `${first.path.join('.')}: ` : '';
        return fail('invalid-input', `${method}: ${where}${first?.message ?? 'invalid input'}`);
      }
      try {
        const value = await handlers.get(method)!(parsed.data, ctx);
        return ok(spec.output.parse(value));
      } catch (e) {
        if (e instanceof WorkbenchError) return fail(e.code, e.message);
        console.error(`[api] ${method} failed:`, e);
        return fail('internal', `${method} failed: ${(e as Error).message ?? String(e)}`);
      }
    },
  };
}
