import type { WorkbenchBridge } from '../../shared/api/bridge';
import type {
  EventName,
  EventPayload,
  Method,
  MethodInput,
  MethodOutput,
} from '../../shared/api/contract';
import { expandJsonBytes } from '../../shared/api/json-bytes';
import type { Result } from '../../shared/api/result';
/** The renderer's single way to reach main. Stores use it; components never do. */
export interface ApiClient {
  call<M extends Method>(method: M, input: MethodInput<M>): Promise<Result<MethodOutput<M>>>;
  subscribe<E extends EventName>(event: E, handler: (payload: EventPayload<E>) => void): () => void;
  transport: 'electron' | 'web';
}

export function createClient(
  bridge: WorkbenchBridge,
  transport: ApiClient['transport'],
): ApiClient {
  return {
    transport,
    call: async (method, input) => {
      const result = await bridge.call(method, input);
      // Electron hands prevalidated JSON bytes over as they are; they are parsed here, in the renderer.
      return (result.ok ? { ok: true, value: expandJsonBytes(result.value) } : result) as Result<
        MethodOutput<typeof method>
      >;
    },
    subscribe: (event, handler) => bridge.subscribe(event, handler as (payload: unknown) => void),
  };
}
