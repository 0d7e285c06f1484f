import type { WorkbenchBridge } from '../../shared/api/bridge';
import type {
  EventName,
  EventPayload,
  Method,
  MethodInput,
  MethodOutput,
} from '../../shared/api/contract';
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
    call: (method, input) =>
      bridge.call(method, input) as Promise<Result<MethodOutput<typeof method>>>,
    subscribe: (event, handler) => bridge.subscribe(event, handler as (payload: unknown) => void),
  };
}
