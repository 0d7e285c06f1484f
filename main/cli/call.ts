import type { Method } from '../../shared/api/contract';
import { WorkbenchError } from '../../shared/api/result';
import type { Registry } from '../api/registry';

/** The CLI is a third client of the same registry; failures become exceptions here. */
export async function callOrThrow(
  registry: Registry,
  method: Method,
  input: unknown,
): Promise<unknown> {
  const result = await registry.call(method, input);
  if (!result.ok) throw new WorkbenchError(result.error.code, result.error.message);
  return result.value;
}
