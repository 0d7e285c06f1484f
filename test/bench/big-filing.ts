/**
 * A very large filing through the app's own path: import, then `document.open` (parse in the
 * worker, validate, cache), then a second open from the cache. Built from NVIDIA's 10-K body
 * repeated to the requested size, so every part is real filing HTML. Reports parse time, the
 * progress events received, and the longest stall of the main thread's event loop (what
 * a user would feel as an unresponsive API) during each open.
 *
 *   node --import tsx test/bench/big-filing.ts [MB=300]
 */
import { join } from 'node:path';
import type { ImportReport } from '../../shared/library/document';
import { isJsonBytes } from '../../shared/api/json-bytes';
import { dataPath, hasData, noDataMessage } from '../support/data-dir';
import { writeRepeatedFiling } from '../support/big-filing';
import { withStallMeter } from '../support/loop-stall';
import { tempServices } from '../support/services';

interface OpenRun {
  ms: number;
  maxStallMs: number;
  progressEvents: number;
}

async function main(argv: string[]): Promise<void> {
  if (!hasData) {
    process.stdout.write(`[skip] ${noDataMessage}\n`);
    return;
  }
  const mb = Number(argv[0] ?? 300);
  const { services, dir, cleanup } = await tempServices({ maxImportBytes: 1024 * 1024 * 1024 });
  try {
    const file = join(dir, `big-${mb}mb-10k.htm`);
    const copies = await writeRepeatedFiling(
      dataPath('sec', 'NVDA_10-K_FY2025', 'nvda-10-k-2025-02-26.html'),
      file,
      mb,
    );
    const t = performance.now();
    const imported = await services.registry.call('library.importPaths', { paths: [file] });
    const importMs = performance.now() - t;
    if (!imported.ok) throw new Error(imported.error.message);
    const item = (imported.value as ImportReport).items[0];
    if (!item?.ok) throw new Error(`import failed: ${JSON.stringify(item)}`);
    const id = item.document.id;
    let progress = 0;
    services.bus.subscribe((name) => {
      if (name === 'job.progress') progress++;
    });
    const open = async (): Promise<OpenRun> => {
      progress = 0;
      // As IPC and HTTP ask for it: the model may stay JSON bytes (shared/api/json-bytes.ts).
      const run = await withStallMeter(
        () => services.registry.callForTransport('document.open', { id }),
        10,
      );
      const r = run.value;
      if (!r.ok) throw new Error(r.error.message);
      const bytes = isJsonBytes(r.value)
        ? Buffer.from(r.value.$jsonBytes)
        : Buffer.from(JSON.stringify(r.value));
      if (!bytes.includes('"tables":[{')) throw new Error('no tables parsed');
      return { ms: run.ms, maxStallMs: run.longestStallMs, progressEvents: progress };
    };
    const first = await open();
    const second = await open();
    const f = (x: number) => x.toFixed(0);
    process.stdout.write(
      [
        `big filing: ${mb} MB (${copies} copies of NVIDIA's 10-K body)`,
        `import: ${f(importMs)} ms`,
        `first open (parse in worker, validate, cache): ${f(first.ms)} ms, ${first.progressEvents} progress events, longest main-thread stall ${f(first.maxStallMs)} ms`,
        `second open (from cache): ${f(second.ms)} ms, longest main-thread stall ${f(second.maxStallMs)} ms`,
      ].join('\n') + '\n',
    );
  } finally {
    cleanup();
  }
}

if (require.main === module) void main(process.argv.slice(2));
