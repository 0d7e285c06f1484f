import { WorkbenchError } from '../../shared/api/result';
import { noFacts, type FilingFacts } from '../../shared/library/filing-facts';
import type { DocumentKind } from '../../shared/library/document-kind';
import { documentFactsRepo } from '../db/document-facts-repo';
import type { EventBus } from '../events/bus';
import type { JobRunner, RunningJob } from '../jobs/job-runner';
import type { Workspace } from '../workspace/workspace';
import { log } from '../log/log';
import { readFilingFacts } from './filing-facts-reader';

/**
 * Bump when the reader reads better: every document's facts are read again, lazily. 2: the
 * fiscal year of the period itself (issue 23), not the first "fiscal 2023" on a cover. 3: the
 * filer's CIK and the fiscal period focus (issue 27, migration 22).
 */
export const FACTS_READER_VERSION = 3;

/**
 * Reads one file's cover facts. `signal` aborts when the pass is cancelled: a reader then
 * rejects (the PDF worker is terminated) and the file stays missing, to be read next time.
 */
export type ReadFacts = (
  path: string,
  kind: DocumentKind,
  signal: AbortSignal,
) => Promise<FilingFacts>;

/** What a screen looks for to find the pass among the jobs (shared/jobs/job.ts `subject`). */
export const FACTS_JOB_SUBJECT = 'library:facts';

const cancelled = () =>
  new WorkbenchError('cancelled', 'reading the filings’ covers was cancelled');

/**
 * The Library's filing facts: read once per document in the background (cover facts of an
 * HTML filing in milliseconds; a PDF's first pages in a worker thread, about a second), kept in
 * `document_facts`, and announced with `library.changed` so the Library fills its columns in.
 * Listing never waits for a file to be read.
 *
 * Each pass over the missing files is one `facts` job of the workspace's JobRunner: listed by
 * `jobs.list` with its progress (files read of files found, in percent), stopped by
 * `jobs.cancel` (after the file being read; a PDF's worker is terminated), and marked failed
 * (and logged) when the workspace cannot be written.
 */
export class FilingFactsService {
  private running: Promise<void> | null = null;
  private stopped = false;
  /**
   * After a cancel: the ids that were left missing. Listing (`known`) does not start the pass
   * again for these alone (the user just stopped it); a newly imported file or an explicit
   * `fill` does.
   */
  private paused: Set<number> | null = null;

  constructor(
    private readonly ws: Workspace,
    private readonly bus: EventBus,
    private readonly jobs: JobRunner,
    private readonly read: ReadFacts = readFilingFacts,
  ) {}

  /** Facts read so far, by document id; starts reading the missing ones. */
  known(): Map<number, FilingFacts> {
    if (!this.stopped && !this.stillPaused()) void this.start();
    return this.stored();
  }

  /** Facts read so far, without starting to read (the CLI lists without waiting on workers). */
  stored(): Map<number, FilingFacts> {
    return documentFactsRepo(this.ws.db).byDocument(FACTS_READER_VERSION);
  }

  /**
   * Reads every library file's missing facts; resolves when none is missing (tests, `ask
   * --company` and the facts CLI await it), or when the pass was cancelled, failed or the
   * workspace closed. Never rejects.
   */
  fill(): Promise<void> {
    this.paused = null;
    return this.start();
  }

  close(): void {
    this.stopped = true;
  }

  private start(): Promise<void> {
    if (this.running) return this.running;
    if (this.stopped) return Promise.resolve();
    this.paused = null;
    this.running = this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Whether a cancelled pass left only the files it was cancelled on. */
  private stillPaused(): boolean {
    if (!this.paused) return false;
    const paused = this.paused;
    return this.missingIds().every((id) => paused.has(id));
  }

  /** One pass: no job when nothing is missing (every listing asks), else exactly one. */
  private async pass(): Promise<void> {
    try {
      if (documentFactsRepo(this.ws.db).missing(FACTS_READER_VERSION).length === 0) return;
      await this.jobs.run(
        { kind: 'facts', label: 'Reading the filings’ covers', subject: FACTS_JOB_SUBJECT },
        (job) => this.readMissing(job),
      );
    } catch (e) {
      if (this.stopped) return;
      if (e instanceof WorkbenchError && e.code === 'cancelled') {
        // Nothing lost: the files not read stay missing and are read by the next fill.
        this.paused = new Set(this.missingIds());
        return;
      }
      // A workspace that cannot be written keeps its columns empty; no retry loop. The job
      // is marked failed with the message; the log keeps the stack.
      log.error('the Library’s filing facts pass stopped', e);
      this.stopped = true;
    }
  }

  private missingIds(): number[] {
    try {
      return documentFactsRepo(this.ws.db)
        .missing(FACTS_READER_VERSION)
        .map((d) => d.id);
    } catch (e) {
      log.error('the Library’s filing facts: could not list the files still to read', e);
      return [];
    }
  }

  private async readMissing(job: RunningJob): Promise<void> {
    const repo = documentFactsRepo(this.ws.db);
    let done = 0;
    for (;;) {
      // Files imported while the pass runs are read by it too: the total grows.
      const todo = repo.missing(FACTS_READER_VERSION);
      if (todo.length === 0 || this.stopped) return;
      const total = done + todo.length;
      for (const doc of todo) {
        if (this.stopped) return;
        if (job.signal.aborted) throw cancelled();
        const facts = await this.readOne(doc, job.signal);
        // A cancel stops after the file being read: one read whole is kept (a read the cancel
        // cut short rejected in readOne instead, and its file stays missing).
        if (this.stopped) return;
        repo.put(doc.id, facts, FACTS_READER_VERSION);
        done++;
        job.progress(Math.round((100 * done) / total), 100, 'percent');
        this.bus.emit('library.changed', { reason: 'facts' });
      }
    }
  }

  /**
   * One file's facts. A reader that throws for a file (the default one never does) costs that
   * file its columns, not the pass: it is kept as read-with-nothing-found, like an unreadable
   * file, so the pass does not try it again and again.
   */
  private async readOne(
    doc: { id: number; kind: string; sha256: string },
    signal: AbortSignal,
  ): Promise<FilingFacts> {
    const path = this.ws.files.pathFor(doc.sha256);
    try {
      return await this.read(path, doc.kind as DocumentKind, signal);
    } catch (e) {
      if (signal.aborted) throw cancelled();
      log.warn('could not read a filing’s cover facts', {
        documentId: doc.id,
        path,
        error: String(e),
      });
      return noFacts;
    }
  }
}
