import type { WorkbenchBridge } from '../../shared/api/bridge';
import type { Result } from '../../shared/api/result';
import { decodeCall, encodeCall, WIRE_TYPE } from '../../shared/api/wire';

/**
 * Web mode's transport: the same `call`/`subscribe` shape as the Electron preload, over
 * same-origin HTTP (the token travels in an HttpOnly cookie set when the page loaded).
 */
export function httpBridge(base = ''): WorkbenchBridge {
  let source: EventSource | undefined;
  const handlers = new Map<string, Set<(payload: unknown) => void>>();

  const ensureSource = (event: string) => {
    source ??= new EventSource(`${base}/api/events`);
    if (!handlers.has(event)) {
      handlers.set(event, new Set());
      source.addEventListener(event, (e) => {
        const payload: unknown = JSON.parse((e as MessageEvent<string>).data);
        for (const h of handlers.get(event) ?? []) h(payload);
      });
    }
  };

  return {
    async call(method, input) {
      try {
        const res = await fetch(`${base}/api/call/${encodeURIComponent(method)}`, {
          method: 'POST',
          headers: { 'content-type': WIRE_TYPE, accept: WIRE_TYPE },
          body: encodeCall(input ?? {}) as BodyInit,
        });
        if (res.headers.get('content-type') === WIRE_TYPE) {
          return decodeCall(new Uint8Array(await res.arrayBuffer())) as Result<unknown>;
        }
        return (await res.json()) as Result<unknown>;
      } catch (e) {
        return {
          ok: false,
          error: {
            code: 'workspace-unavailable',
            message: `the workbench server did not answer (${(e as Error).message})`,
          },
        };
      }
    },
    subscribe(event, handler) {
      ensureSource(event);
      handlers.get(event)!.add(handler);
      return () => handlers.get(event)?.delete(handler);
    },
  };
}
