import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../../main/cli';
import { MAIN_THREAD_MAX_BYTES, ingestFile } from '../../../main/document/ingest-file';
import { Document } from '../../../shared/document';
import type * as GeneratedParse from '../../../shared/document/document-parse.generated';
import { stopAllJobs } from '../../../main/jobs/live';
import { writeRepeatedFiling } from '../../support/big-filing';
import { sampleFiling } from '../../support/cli';
import { tempDir } from '../../support/temp-dir';

// The parse worker's client, replaced: which filings reach it is the point here.
const workerParses = vi.hoisted(() => [] as string[]);
vi.mock('../../../main/document/parse-in-worker', () => ({
  parseInWorker: () => (request: { name: string }) => {
    workerParses.push(request.name);
    return Promise.reject(new Error('parsed in the worker'));
  },
}));

// The schema check (zod's answer, generated so as not to load zod), counted.
const fastChecks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../shared/document/document-parse.generated', async (importOriginal) => {
  const real = await importOriginal<typeof GeneratedParse>();
  return {
    parseDocumentFast: (value: unknown) => {
      fastChecks.count++;
      return real.parseDocumentFast(value);
    },
  };
});

// Its own file: stopAllJobs makes this test process refuse every job afterwards.
describe('ingestFile: the calling thread or the parse worker', () => {
  const t = tempDir('ingest-file-thread-');
  afterAll(() => t.cleanup());

  it('reads a filing up to MAIN_THREAD_MAX_BYTES on this thread, checked against the schema once', async () => {
    // zod itself is asked only when the generated check refuses, which a good Document is not
    const zod = vi.spyOn(Document, 'parse');
    try {
      const doc = await ingestFile(sampleFiling);
      expect(doc.tables).toHaveLength(3);
      expect(fastChecks.count).toBe(1);
      // `workbench ingest` writes what ingestFile checked: no second check.
      const out = join(t.dir, 'sample.json');
      expect(await main(['ingest', sampleFiling, '--out', out])).toBe(0);
      expect(fastChecks.count).toBe(2);
      expect(zod).not.toHaveBeenCalled();
    } finally {
      zod.mockRestore();
    }
    expect(workerParses).toEqual([]);
  });

  it('sends a bigger filing to the parse worker (Ctrl-C can stop it there)', async () => {
    const big = join(t.dir, 'big-10k.htm');
    await writeRepeatedFiling(sampleFiling, big, (MAIN_THREAD_MAX_BYTES + 1e6) / 1e6);
    await expect(ingestFile(big)).rejects.toThrow('parsed in the worker');
    expect(workerParses).toEqual(['big-10k.htm']);
  });

  it('starts no parse on this thread once Ctrl-C has stopped the jobs', async () => {
    await stopAllJobs('cancelled (Ctrl-C)');
    await expect(ingestFile(sampleFiling)).rejects.toMatchObject({
      code: 'cancelled',
      message: 'northwind-instruments-10-k-2025.html: reading was cancelled',
    });
  });
});
