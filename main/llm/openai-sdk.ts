import { createRequire } from 'node:module';
import type * as Sdk from 'openai';

const load = createRequire(__filename);
let loaded: typeof Sdk | undefined;

/**
 * The `openai` SDK, loaded on its first use rather than at start: its modules take about 0.5 s
 * to load on the shared 2-core machine, a quarter of `workbench serve`'s start
 * (docs/BENCHMARKS.md, "Start"), and web mode, the app and most CLI commands start without
 * asking a model. Only types may be imported from 'openai' elsewhere in main/.
 */
export function openaiSdk(): typeof Sdk {
  return (loaded ??= load('openai') as typeof Sdk);
}
