import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../shared/api/contract';
import { documentJobSubject } from '../../../shared/jobs/job';
import type { ImportReport } from '../../../shared/library/document';
import { sampleDir } from '../../../main/app-paths';
import { parseInWorker } from '../../../main/document/parse-in-worker';
import { liveWorkerCount } from '../../../main/jobs/live';
import { defaultParseWorkerLimit, Slots } from '../../../main/jobs/slots';
import { startServices, type Services } from '../../../main/services';
import { writeRepeatedFiling } from '../../support/big-filing';
import { tempDir } from '../../support/temp-dir';
import { makePdf, sampleTablePage } from '../ingest/pdf/make-pdf';

const sampleFiling = join(sampleDir(), 'northwind-instruments-10-k-2025.html');
type Progress = EventPayload<'job.progress'>;

/** Real services whose document parses share `slots`; files are imported and their ids kept. */
async function servicesWith(slots: Slots, files: (dir: string) => Promise<string[]>) {
  const t = tempDir('workbench-parse-limit-');
  const services: Services = await startServices({
    workspaceDir: t.dir,
    host: { kind: 'cli' },
    parse: parseInWorker({ slots }),
  });
  const r = await services.registry.call('library.importPaths', { paths: await files(t.dir) });
  const ids = (r.ok ? (r.value as ImportReport).items : []).map((i) => {
    if (!i.ok) throw new Error(`import failed: ${i.error.message}`);
    return i.document.id;
  });
  return {
    services,
    ids,
    cleanup: () => {
      services.close();
      t.cleanup();
    },
  };
}

describe('parse workers are limited in number', () => {
  let cleanup: (() => void) | undefined;
  afterEach(() => cleanup?.());

  it('opening 4 documents at once with a limit of 2 runs at most 2 workers, and all 4 open', async () => {
    const slots = new Slots(2);
    const ctx = await servicesWith(slots, async (dir) => {
      const paths: string[] = [];
      for (const mb of [1, 2, 3]) {
        const p = join(dir, `filing-${mb}mb.htm`);
        await writeRepeatedFiling(sampleFiling, p, mb);
        paths.push(p);
      }
      const pdf = join(dir, 'tables.pdf');
      writeFileSync(pdf, makePdf([sampleTablePage(), sampleTablePage(), sampleTablePage()]));
      return [...paths, pdf];
    });
    cleanup = ctx.cleanup;
    expect(ctx.ids).toHaveLength(4);
    let most = 0;
    let queuedSeen = 0;
    const sampler = setInterval(() => {
      most = Math.max(most, liveWorkerCount('parse') + liveWorkerCount('pdf'));
      queuedSeen = Math.max(queuedSeen, slots.queued);
    }, 2);
    try {
      const opened = await Promise.all(
        ctx.ids.map((id) => ctx.services.registry.call('document.open', { id })),
      );
      for (const r of opened) expect(r).toMatchObject({ ok: true });
    } finally {
      clearInterval(sampler);
    }
    expect(slots.peak).toBe(2);
    expect(most).toBeLessThanOrEqual(2);
    expect(queuedSeen).toBe(2);
    expect(slots.running + slots.queued).toBe(0);
    expect(liveWorkerCount()).toBe(0);
  }, 120_000);

  it('a parse waiting for a worker can be cancelled: it ends at once, and the running one completes', async () => {
    const slots = new Slots(1);
    const ctx = await servicesWith(slots, async (dir) => {
      const big = join(dir, 'big.htm');
      await writeRepeatedFiling(sampleFiling, big, 4);
      const small = join(dir, 'small.htm');
      await writeRepeatedFiling(sampleFiling, small, 1);
      return [big, small];
    });
    cleanup = ctx.cleanup;
    const [big, small] = ctx.ids as [number, number];
    const waiting = new Promise<string>((resolve) => {
      const stop = ctx.services.bus.subscribe((name, payload) => {
        const p = payload as Progress;
        if (name === 'job.progress' && p.subject === documentJobSubject(small)) {
          stop();
          resolve(p.jobId);
        }
      });
    });
    const openBig = ctx.services.registry.call('document.open', { id: big });
    const openSmall = ctx.services.registry.call('document.open', { id: small });
    const jobId = await waiting;
    expect(slots.queued).toBe(1);
    const t0 = performance.now();
    expect(await ctx.services.registry.call('jobs.cancel', { jobId })).toEqual({
      ok: true,
      value: { state: 'cancelled' },
    });
    expect(await openSmall).toEqual({
      ok: false,
      error: { code: 'cancelled', message: 'small.htm: reading was cancelled' },
    });
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(slots.queued).toBe(0);
    expect(await openBig).toMatchObject({ ok: true });
    expect(slots.peak).toBe(1);
  }, 120_000);

  it('defaults to one fewer than the cores, at least one; WORKBENCH_PARSE_WORKERS overrides', () => {
    expect(defaultParseWorkerLimit({})).toBeGreaterThanOrEqual(1);
    expect(defaultParseWorkerLimit({ WORKBENCH_PARSE_WORKERS: '3' })).toBe(3);
    expect(defaultParseWorkerLimit({ WORKBENCH_PARSE_WORKERS: '0' })).toBe(
      defaultParseWorkerLimit({}),
    );
  });
});
