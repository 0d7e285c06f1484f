import type { WorkbenchBridge } from '../../shared/api/bridge';
import type { Result } from '../../shared/api/result';
import { decodeCall, encodeCall, WIRE_TYPE } from '../../shared/api/wire';

const TOKEN_KEY = 'workbench.token';

/**
 * The web-mode token: taken from the address bar on the first load (`/?token=…`), kept in this
 * tab's sessionStorage (scoped to this origin, port included, unlike cookies) and removed from
 * the address bar and the history entry at once, so it is neither shown, bookmarked nor sent
 * anywhere as a Referer. A reload finds it in sessionStorage.
 */
export function takeToken(
  location: Pick<Location, 'href'> = window.location,
  history: Pick<History, 'replaceState' | 'state'> = window.history,
  storage: Pick<Storage, 'getItem' | 'setItem'> = window.sessionStorage,
): string | undefined {
  const url = new URL(location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl !== null) {
    storage.setItem(TOKEN_KEY, fromUrl);
    url.searchParams.delete('token');
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
    return fromUrl;
  }
  return storage.getItem(TOKEN_KEY) ?? undefined;
}

/** Splits a text/event-stream into events; `push` takes chunks, returns complete events. */
export function sseParser(): (chunk: string) => { event: string; data: string }[] {
  let buffer = '';
  return (chunk) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    const events: { event: string; data: string }[] = [];
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of frame.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length) events.push({ event, data: data.join('\n') });
    }
    return events;
  };
}

/**
 * Web mode's transport: the same `call`/`subscribe` shape as the Electron preload, over
 * same-origin HTTP with the token in an `Authorization` header (never in a cookie, which every
 * other port of 127.0.0.1 would receive). Events come over a fetched event stream, since
 * EventSource cannot send that header; it reconnects when the stream ends.
 */
export function httpBridge(base = '', token = takeToken()): WorkbenchBridge {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  let streaming = false;
  const authorization: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};

  const dispatch = (event: string, data: string) => {
    const set = handlers.get(event);
    if (!set?.size) return;
    const payload: unknown = JSON.parse(data);
    for (const h of set) h(payload);
  };

  const stream = async () => {
    for (;;) {
      try {
        const res = await fetch(`${base}/api/events`, { headers: authorization });
        if (res.ok && res.body) {
          const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
          const parse = sseParser();
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            for (const e of parse(value)) dispatch(e.event, e.data);
          }
        }
      } catch {
        // The server went away or restarted: try again below.
      }
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  };

  return {
    async call(method, input) {
      try {
        const res = await fetch(`${base}/api/call/${encodeURIComponent(method)}`, {
          method: 'POST',
          headers: { ...authorization, 'content-type': WIRE_TYPE, accept: WIRE_TYPE },
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
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
      if (!streaming) {
        streaming = true;
        void stream();
      }
      return () => handlers.get(event)?.delete(handler);
    },
  };
}
