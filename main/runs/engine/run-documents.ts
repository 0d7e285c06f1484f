import { askDocument, type AskDocument } from '../../ask/document-cache';
import type { DocumentService } from '../../document/document-service';

/** Documents kept parsed at once: a dataset's questions come grouped by document. */
const KEEP = 32;

/**
 * The documents of a run's questions, opened once each while their questions are asked (TAT-QA
 * asks ~6 questions per record; FinanceMath's filings are large). Entries are promises, so
 * questions of one document started together share one open and parse. Keyed by document id:
 * within one run the dataset's records do not change (a re-import shows as a changed dataset
 * hash, which resume checks).
 */
export class RunDocuments {
  private readonly entries = new Map<number, Promise<AskDocument>>();

  constructor(private readonly documents: DocumentService) {}

  get(documentId: number): Promise<AskDocument> {
    let hit = this.entries.get(documentId);
    if (hit) {
      this.entries.delete(documentId);
      this.entries.set(documentId, hit);
      return hit;
    }
    hit = this.open(documentId);
    // A failed open is not kept: the next question of that document tries again.
    hit.catch(() => this.entries.delete(documentId));
    this.entries.set(documentId, hit);
    while (this.entries.size > KEEP) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return hit;
  }

  /** The model itself (`DocumentService.model`): no JSON bytes made for a transport and parsed back. */
  private async open(documentId: number): Promise<AskDocument> {
    return askDocument(await this.documents.model(documentId));
  }
}
