import { createHash } from 'node:crypto';
import type { Document } from '../../shared/document';
import { sandboxTables } from '../../shared/sandbox/document-tables';
import { buildFactIndex, type SandboxFact } from '../../shared/sandbox/fact-index';
import type { SandboxTable } from '../../shared/sandbox/types';

/** A document as an ask uses it: the model and its tables mapped for the sandbox. */
export interface AskDocument {
  document: Document;
  /** Mapped on first use by a program mode (a 10-K's 60 tables take ~15 ms). */
  tables(): SandboxTable[];
  /**
   * The filing's tagged facts for fact()/facts() (issue 27): the workspace's stored index when
   * the ask service has one for the document, else built on first use; [] when untagged.
   */
  facts(): SandboxFact[];
}

const KEEP = 4;
/**
 * JSON bytes the cached documents may add up to; past it only the most recent is kept (a
 * 300 MB filing's model is ~160 MB of JSON and several times that parsed).
 */
const KEEP_BYTES = 64 * 1024 * 1024;

/**
 * The last few documents asked about, parsed, keyed by the SHA-1 of the model's JSON bytes: a
 * re-parse or a re-imported record changes the bytes and so the entry. Parsing a 10-K's model
 * (1 MB of JSON) and mapping its tables cost ~30 ms, a third of an ask's overhead budget; the
 * hash costs ~2 ms.
 */
export class AskDocumentCache {
  private readonly entries = new Map<string, AskDocument & { bytes: number }>();

  /** From `DocumentService.open`'s answer bytes ({document, model}). */
  fromOpened(bytes: Uint8Array): AskDocument {
    const key = createHash('sha1').update(bytes).digest('hex');
    const hit = this.entries.get(key);
    if (hit) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const { model: document } = JSON.parse(Buffer.from(bytes).toString('utf8')) as {
      model: Document;
    };
    const entry = { ...askDocument(document), bytes: bytes.byteLength };
    this.entries.set(key, entry);
    const total = () => [...this.entries.values()].reduce((n, e) => n + e.bytes, 0);
    while (this.entries.size > 1 && (this.entries.size > KEEP || total() > KEEP_BYTES)) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return entry;
  }
}

export function askDocument(document: Document): AskDocument {
  let tables: SandboxTable[] | undefined;
  let facts: SandboxFact[] | undefined;
  return {
    document,
    tables: () => (tables ??= sandboxTables(document)),
    facts: () => (facts ??= buildFactIndex(document)),
  };
}
