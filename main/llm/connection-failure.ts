import { WorkbenchError } from '../../shared/api/result';
import type { ConnectionTest } from '../../shared/llm/provider';

/**
 * "Test connection" never throws for what it found: a refused key, a dead port, a bad model file
 * become a failed test with the error's code and sentence. Anything else is a bug, rethrown.
 */
export function connectionFailure(e: unknown, startedAt: number): ConnectionTest {
  if (!(e instanceof WorkbenchError)) throw e;
  return {
    ok: false,
    message: e.message,
    code: e.code,
    models: [],
    latencyMs: Math.round(performance.now() - startedAt),
  };
}
