import type { Method, MethodOutput } from '../../shared/api/contract';
import { WorkbenchError } from '../../shared/api/result';
import type { Registry } from '../api/registry';

/**
 * The CLI is a third client of the same registry: the input is checked against the contract
 * (an invalid one fails with the registry's `invalid-input` message), the answer against its
 * output schema; failures become exceptions here (printed as one line, exit 1).
 */
export async function callOrThrow<M extends Method>(
  registry: Registry,
  method: M,
  input: unknown,
): Promise<MethodOutput<M>> {
  const result = await registry.call(method, input);
  if (!result.ok) throw new WorkbenchError(result.error.code, result.error.message);
  return result.value as MethodOutput<M>;
}
