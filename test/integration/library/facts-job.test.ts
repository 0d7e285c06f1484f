import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JobSummary } from '../../../shared/jobs/job';
import type { ImportReport } from '../../../shared/library/document';
import type { FilingFacts } from '../../../shared/library/filing-facts';
import { liveWorkerCount } from '../../../main/jobs/live';
import {
  FACTS_JOB_SUBJECT,
  FilingFactsService,
  type ReadFacts,
} from '../../../main/library/filing-facts-service';
import { dataPath, hasData } from '../../support/data-dir';
import { tempServices } from '../../support/services';
import { tempDir } from '../../support/temp-dir';

type Ctx = Awaited<ReturnType<typeof tempServices>>;

const factsOf = (company: string): FilingFacts => ({
  company,
  form: '10-K',
  periodEnd: null,
  fiscalYear: null,
  fiscalPeriod: null,
  cik: null,
  source: 'text',
});

/**
 * The Library's cover-facts pass as a job (issue 24: every long task is listed, cancellable and
 * logged): real services, real SQLite, jobs.list and jobs.cancel through the API registry.
 */
describe('the filing facts pass is a job', () => {
  let ctx: Ctx;
  let src: ReturnType<typeof tempDir>;
  // A CLI host: listing does not start the services' own pass, so each test drives its own.
  beforeEach(async () => {
    ctx = await tempServices({ host: 'cli' });
    src = tempDir('workbench-facts-job-');
  });
  afterEach(() => {
    ctx.cleanup();
    src.cleanup();
  });

  const call = async <T>(method: string, input: unknown): Promise<T> => {
    const r = await ctx.services.registry.call(method, input);
    if (!r.ok) throw new Error(r.error.message);
    return r.value as T;
  };
  const factsJobs = async () =>
    (await call<{ jobs: JobSummary[] }>('jobs.list', {})).jobs.filter((j) => j.kind === 'facts');
  /** Imports one small HTML file per name; answers document id by file name. */
  const importFiles = async (names: string[]) => {
    const paths = names.map((n, i) => {
      const p = join(src.dir, n);
      writeFileSync(p, `<html><body><p>FORM 10-K</p><p>file ${i} ${n}</p></body></html>`);
      return p;
    });
    const report = await call<ImportReport>('library.importPaths', { paths });
    return new Map(
      report.items.map((it) => [it.ok ? it.document.name : '', it.ok ? it.document.id : -1]),
    );
  };
  const service = (read: ReadFacts) =>
    new FilingFactsService(ctx.services.workspace, ctx.services.bus, ctx.services.jobs, read);

  it('one job per pass, listed while it reads with its progress, done at the end', async () => {
    const ids = await importFiles(['a.htm', 'b.htm', 'c.htm', 'd.htm']);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const reads: string[] = [];
    const facts = service(async (path) => {
      reads.push(path);
      // The third file waits: the pass is caught mid-way.
      if (reads.length === 3) await gate;
      return factsOf(`company ${reads.length}`);
    });
    const pass = facts.fill();
    await expect.poll(() => reads.length, { timeout: 10_000 }).toBe(3);
    const running = await factsJobs();
    expect(running).toHaveLength(1);
    expect(running[0]).toMatchObject({
      kind: 'facts',
      state: 'running',
      subject: FACTS_JOB_SUBJECT,
      done: 50,
      total: 100,
      unit: 'percent',
    });
    expect(running[0]!.label).toMatch(/cover/i);
    release();
    await pass;
    const ended = await factsJobs();
    expect(ended.map((j) => `${j.state} ${j.done}/${j.total}`)).toEqual(['done 100/100']);
    expect([...facts.stored().keys()].sort()).toEqual([...ids.values()].sort());
    // Nothing missing: listing again starts no job (no row per listing).
    facts.known();
    await facts.fill();
    expect(await factsJobs()).toHaveLength(1);
  });

  it('jobs.cancel stops the pass: job cancelled, the file being read and the rest read by the next fill', async () => {
    const ids = await importFiles(['a.htm', 'b.htm', 'c.htm', 'd.htm']);
    const reads: string[] = [];
    let block = true;
    const facts = service(async (path, _kind, signal) => {
      reads.push(path);
      if (block && reads.length === 2)
        // Like the PDF worker: a read stops when the pass's signal aborts.
        await new Promise<never>((_, reject) =>
          signal.addEventListener('abort', () => reject(new Error('worker terminated'))),
        );
      return factsOf(`company of ${basename(path)}`);
    });
    const pass = facts.fill();
    await expect.poll(() => reads.length, { timeout: 10_000 }).toBe(2);
    const [job] = await factsJobs();
    expect(job?.state).toBe('running');
    expect(await call<{ state: string }>('jobs.cancel', { jobId: job!.jobId })).toEqual({
      state: 'cancelled',
    });
    await pass;
    expect((await factsJobs()).map((j) => j.state)).toEqual(['cancelled']);
    // Only the first file was read; the one being read is not kept as "no facts".
    expect([...facts.stored().keys()]).toEqual([ids.get('a.htm')]);
    // Listing does not undo the cancel...
    facts.known();
    await new Promise((r) => setTimeout(r, 50));
    expect(reads).toHaveLength(2);
    expect(await factsJobs()).toHaveLength(1);
    // ...the next fill reads the rest (and not the first again), as a new job.
    block = false;
    await facts.fill();
    expect(reads).toHaveLength(5);
    expect([...facts.stored().keys()].sort()).toEqual([...ids.values()].sort());
    expect((await factsJobs()).map((j) => j.state)).toEqual(['done', 'cancelled']);
  });

  it('a newly imported file starts a pass again after a cancel', async () => {
    await importFiles(['a.htm', 'b.htm']);
    const facts = service(
      (_path, _kind, signal) =>
        new Promise<never>((_, reject) =>
          signal.addEventListener('abort', () => reject(new Error('worker terminated'))),
        ),
    );
    const pass = facts.fill();
    await expect.poll(async () => (await factsJobs()).length, { timeout: 10_000 }).toBe(1);
    const [job] = await factsJobs();
    await call('jobs.cancel', { jobId: job!.jobId });
    await pass;
    facts.known();
    await new Promise((r) => setTimeout(r, 50));
    expect(await factsJobs()).toHaveLength(1);
    await importFiles(['c.htm']);
    facts.known();
    await expect.poll(async () => (await factsJobs()).length, { timeout: 10_000 }).toBe(2);
    const [again] = await factsJobs();
    await call('jobs.cancel', { jobId: again!.jobId });
  });

  it('a reader that throws for one file does not stop the others', async () => {
    const ids = await importFiles(['a.htm', 'bad.htm', 'c.htm', 'd.htm']);
    const facts = service((path) =>
      // The library stores files by hash: the second file read is the bad one.
      path === ctx.services.workspace.files.pathFor(shaOf(ids.get('bad.htm')!))
        ? Promise.reject(new Error('unreadable cover'))
        : Promise.resolve(factsOf(`company of ${basename(path)}`)),
    );
    await facts.fill();
    const stored = facts.stored();
    expect([...stored.keys()].sort()).toEqual([...ids.values()].sort());
    expect(stored.get(ids.get('bad.htm')!)?.company).toBeNull();
    expect(stored.get(ids.get('d.htm')!)?.company).toMatch(/^company of /);
    expect((await factsJobs()).map((j) => j.state)).toEqual(['done']);
    // The log says which file and why.
    const logged = readFileSync(join(ctx.dir, 'logs', 'workbench.log'), 'utf8')
      .split('\n')
      .filter((l) => l.includes('cover facts'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('unreadable cover');
    expect(logged[0]).toContain(`"documentId":${ids.get('bad.htm')}`);
  });

  it('a workspace error fails the job with its message and leaves a log line', async () => {
    await importFiles(['a.htm', 'b.htm']);
    const facts = service(() => {
      // The table the facts go to is gone: the first write fails.
      ctx.services.workspace.db.exec('DROP TABLE document_facts');
      return Promise.resolve(factsOf('X'));
    });
    await facts.fill();
    const [job] = await factsJobs();
    expect(job).toMatchObject({ state: 'failed', subject: FACTS_JOB_SUBJECT });
    expect(job!.message).toMatch(/document_facts/);
    const log = readFileSync(join(ctx.dir, 'logs', 'workbench.log'), 'utf8');
    expect(log).toContain('the Library’s filing facts pass stopped');
    // No retry loop: asking again starts no second job.
    await facts.fill();
    expect(await factsJobs()).toHaveLength(1);
  });

  const shaOf = (id: number) =>
    ctx.services.workspace.db
      .prepare<[number], { sha256: string }>('SELECT sha256 FROM documents WHERE id = ?')
      .get(id)!.sha256;

  it.skipIf(!hasData)(
    'real PDFs: jobs.cancel terminates the cover worker; the next fill reads every PDF',
    async () => {
      const names = [
        'ULTABEAUTY_2023Q4_EARNINGS.pdf',
        'AMCOR_2023Q4_EARNINGS.pdf',
        'NETFLIX_2017_10K.pdf',
        'BESTBUY_2023_10K.pdf',
      ];
      await call<ImportReport>('library.importPaths', {
        paths: names.map((n) => dataPath('financebench', 'pdfs', n)),
      });
      const facts = ctx.services.facts;
      const pass = facts.fill();
      await expect.poll(() => liveWorkerCount('facts'), { timeout: 20_000 }).toBe(1);
      const [job] = await factsJobs();
      expect(job).toMatchObject({ state: 'running', subject: FACTS_JOB_SUBJECT });
      expect(await call<{ state: string }>('jobs.cancel', { jobId: job!.jobId })).toEqual({
        state: 'cancelled',
      });
      await pass;
      expect(liveWorkerCount('facts')).toBe(0);
      const partial = facts.stored().size;
      expect(partial).toBeLessThan(names.length);
      await facts.fill();
      const stored = facts.stored();
      expect(stored.size).toBe(names.length);
      expect([...stored.values()].filter((f) => f.company !== null).length).toBeGreaterThan(0);
      expect((await factsJobs()).map((j) => j.state)).toEqual(['done', 'cancelled']);
    },
    90_000,
  );
});
