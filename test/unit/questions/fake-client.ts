import type {
  EventName,
  EventPayload,
  Method,
  MethodInput,
  MethodOutput,
} from '../../../shared/api/contract';
import type { Result } from '../../../shared/api/result';
import type { ApiClient } from '../../../renderer/api/client-core';

type Handlers = { [M in Method]?: (input: MethodInput<M>) => Result<MethodOutput<M>> };

/**
 * An ApiClient answering from `handlers` (a method without one fails the test), recording the
 * calls, with `emit` to push events and `hold` to keep answers back until `release`.
 */
export function fakeClient(handlers: Handlers) {
  const calls: { method: Method; input: unknown }[] = [];
  const listeners = new Map<EventName, Set<(p: unknown) => void>>();
  let held: (() => void)[] | undefined;
  const client: ApiClient = {
    transport: 'web',
    call: async <M extends Method>(method: M, input: MethodInput<M>) => {
      calls.push({ method, input });
      const handler: ((i: MethodInput<M>) => Result<MethodOutput<M>>) | undefined =
        handlers[method];
      if (!handler) throw new Error(`unexpected call ${method}`);
      if (held) await new Promise<void>((resolve) => held!.push(resolve));
      return handler(input);
    },
    subscribe: <E extends EventName>(event: E, handler: (p: EventPayload<E>) => void) => {
      const set = listeners.get(event) ?? new Set();
      set.add(handler as (p: unknown) => void);
      listeners.set(event, set);
      return () => set.delete(handler as (p: unknown) => void);
    },
  };
  return {
    client,
    calls,
    emit<E extends EventName>(event: E, payload: EventPayload<E>) {
      for (const h of listeners.get(event) ?? []) h(payload);
    },
    hold() {
      held = [];
    },
    release() {
      const waiting = held ?? [];
      held = undefined;
      for (const r of waiting) r();
    },
  };
}
