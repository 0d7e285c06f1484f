import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../shared/api/contract';
import { isJsonBytes } from '../../../shared/api/json-bytes';
import type { ImportReport } from '../../../shared/library/document';
import { Document } from '../../../shared/document';
import { sampleDir } from '../../../main/app-paths';
import { parseInWorker } from '../../../main/document/parse-in-worker';
import { writeRepeatedFiling } from '../../support/big-filing';
import { withStallMeter } from '../../support/loop-stall';
import { tempServices } from '../../support/services';

const sampleFiling = join(sampleDir(), 'northwind-instruments-10-k-2025.html');

describe('a very large filing stays off the main thread, with progress', () => {
  let ctx: Awaited<ReturnType<typeof tempServices>>;
  let id: number;
  const events: EventPayload<'job.progress'>[] = [];

  beforeAll(async () => {
    ctx = await tempServices();
    const path = join(ctx.dir, 'big-10k.htm');
    await writeRepeatedFiling(sampleFiling, path, 40);
    const r = await ctx.services.registry.call('library.importPaths', { paths: [path] });
    const item = r.ok ? (r.value as ImportReport).items[0] : undefined;
    if (!item?.ok) throw new Error(`import failed: ${JSON.stringify(r)}`);
    id = item.document.id;
    ctx.services.bus.subscribe((name, payload) => {
      if (name === 'job.progress') events.push(payload as EventPayload<'job.progress'>);
    });
  });
  afterAll(() => ctx.cleanup());

  it('parses a 40 MB filing with rising percent progress and never stalls the event loop for long', async () => {
    const {
      value: r,
      ms: openMs,
      longestStallMs: longestStall,
    } = await withStallMeter(() => ctx.services.registry.callForTransport('document.open', { id }));

    expect(r.ok).toBe(true);
    // Transports get the worker's validated JSON bytes, not an object to re-check and re-serialise.
    const value = (r as { value: unknown }).value;
    expect(isJsonBytes(value)).toBe(true);
    const bytes = (value as { $jsonBytes: Uint8Array }).$jsonBytes;
    expect(bytes.byteLength).toBeGreaterThan(10e6);

    const parse = events.filter((e) => e.kind === 'parse');
    expect(parse.length).toBeGreaterThan(10);
    expect(parse.every((e) => e.unit === 'percent' && e.total === 100)).toBe(true);
    const done = parse.map((e) => e.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(done.at(-1)).toBeGreaterThanOrEqual(85);
    // Before the model stayed text, the main thread parsed, validated and re-serialised it:
    // a third of the whole open. What is left is storing the text in SQLite.
    expect(longestStall).toBeLessThan(0.2 * openMs);
  });

  it('answers in-process callers with the same model as a checked object', async () => {
    const r = await ctx.services.registry.call('document.open', { id });
    expect(r.ok).toBe(true);
    const model = Document.parse((r as { value: { model: unknown } }).value.model);
    expect(model.tables.length).toBeGreaterThan(100);
  });

  it('stops a parse that needs more memory than its cap with a clear error, and stays up', async () => {
    const parse = parseInWorker({ maxHeapMb: 160 });
    const path = join(ctx.dir, 'big-10k.htm');
    await expect(
      parse({ path, name: 'big-10k.htm', kind: 'sec-html' }, () => {}),
    ).rejects.toMatchObject({
      code: 'file-too-large',
      message: expect.stringMatching(
        /^big-10k\.htm: too large to read \(the parser needed more than 160 MB/,
      ) as unknown,
    });
    // The process and its API are fine afterwards.
    expect((await ctx.services.registry.call('library.list', {})).ok).toBe(true);
  });
});
