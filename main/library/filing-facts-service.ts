import type { FilingFacts } from '../../shared/library/filing-facts';
import type { DocumentKind } from '../../shared/library/document-kind';
import { documentFactsRepo } from '../db/document-facts-repo';
import type { EventBus } from '../events/bus';
import type { Workspace } from '../workspace/workspace';
import { log } from '../log/log';
import { readFilingFacts } from './filing-facts-reader';

/**
 * Bump when the reader reads better: every document's facts are read again, lazily. 2: the
 * fiscal year of the period itself (issue 23), not the first "fiscal 2023" on a cover. 3: the
 * filer's CIK and the fiscal period focus (issue 27, migration 22).
 */
export const FACTS_READER_VERSION = 3;

export type ReadFacts = (path: string, kind: DocumentKind) => Promise<FilingFacts>;

/**
 * The Library's filing facts: read once per document in the background (cover facts of an
 * HTML filing in milliseconds; a PDF's first pages in a worker thread, about a second), kept in
 * `document_facts`, and announced with `library.changed` so the Library fills its columns in.
 * Listing never waits for a file to be read.
 */
export class FilingFactsService {
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly ws: Workspace,
    private readonly bus: EventBus,
    private readonly read: ReadFacts = readFilingFacts,
  ) {}

  /** Facts read so far, by document id; starts reading the missing ones. */
  known(): Map<number, FilingFacts> {
    void this.fill();
    return this.stored();
  }

  /** Facts read so far, without starting to read (the CLI lists without waiting on workers). */
  stored(): Map<number, FilingFacts> {
    return documentFactsRepo(this.ws.db).byDocument(FACTS_READER_VERSION);
  }

  /** Reads every library file's missing facts; resolves when none is missing (tests await it). */
  fill(): Promise<void> {
    if (this.running) return this.running;
    if (this.stopped) return Promise.resolve();
    this.running = this.loop().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  close(): void {
    this.stopped = true;
  }

  private async loop(): Promise<void> {
    try {
      for (;;) {
        const repo = documentFactsRepo(this.ws.db);
        const todo = repo.missing(FACTS_READER_VERSION);
        if (todo.length === 0 || this.stopped) return;
        for (const doc of todo) {
          if (this.stopped) return;
          const facts = await this.read(
            this.ws.files.pathFor(doc.sha256),
            doc.kind as DocumentKind,
          );
          if (this.stopped) return;
          repo.put(doc.id, facts, FACTS_READER_VERSION);
          this.bus.emit('library.changed', { reason: 'facts' });
        }
      }
    } catch (e) {
      // A workspace that cannot be written (or was closed) keeps its columns empty; no retry
      // loop. A closed one is the normal end of a session; anything else goes to the log.
      if (!this.stopped) log.error('the Library’s filing facts pass stopped', e);
      this.stopped = true;
    }
  }
}
