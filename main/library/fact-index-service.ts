import { gridLayout } from '../../shared/document/grid-layout';
import type { FilingFacts } from '../../shared/library/filing-facts';
import type { Document } from '../../shared/document';
import {
  buildFactIndex,
  FACT_INDEX_VERSION,
  type SandboxFact,
} from '../../shared/sandbox/fact-index';
import { documentFactsRepo } from '../db/document-facts-repo';
import { factIndexRepo } from '../db/fact-index-repo';
import { PARSER_VERSION, type DocumentService } from '../document/document-service';
import type { Workspace } from '../workspace/workspace';
import { readFilingFacts } from './filing-facts-reader';
import { FACTS_READER_VERSION } from './filing-facts-service';

/**
 * The fact index of each tagged filing (issue 27), kept in the workspace (migration 21): built
 * from the parsed Document's tagged cells (shared/sandbox/fact-index.ts) the first time a
 * filing's facts are asked for, and again when the parser or the index changes. Periods are
 * named in the filer's fiscal calendar: the year end from the facts themselves, the year's name
 * from the filing's cover facts (`document_facts`, migration 7; read from the file here when the
 * Library has not read them yet), so Home Depot's year ending February 2, 2025 is its FY2024.
 */
export class FactIndexService {
  private readonly building = new Map<number, Promise<SandboxFact[]>>();

  constructor(
    private readonly ws: Workspace,
    private readonly documents: Pick<DocumentService, 'summary' | 'model'>,
  ) {}

  /** A document's facts; [] for documents without inline XBRL (PDFs, datasets, legacy HTML). */
  async factsOf(documentId: number): Promise<SandboxFact[]> {
    const summary = this.documents.summary(documentId);
    if (summary.kind !== 'sec-html') return [];
    const repo = factIndexRepo(this.ws.db);
    const state = repo.state(documentId);
    if (
      state?.index_version === FACT_INDEX_VERSION &&
      state.parser_version === PARSER_VERSION &&
      !repo.lacksRowLabels(documentId)
    )
      return repo.facts(documentId);
    let pending = this.building.get(documentId);
    if (!pending) {
      pending = this.build(documentId).finally(() => this.building.delete(documentId));
      this.building.set(documentId, pending);
    }
    return pending;
  }

  /**
   * A document's facts with the label of the row each is shown on (the Facts panel searches
   * both), built first when needed.
   */
  async labeledFactsOf(
    documentId: number,
  ): Promise<{ fact: SandboxFact; rowLabel: string | null }[]> {
    if ((await this.factsOf(documentId)).length === 0) return [];
    return factIndexRepo(this.ws.db).labeledFacts(documentId);
  }

  /** A concept's facts in every filing indexed so far, with their document ids. */
  byConcept(concept: string): { documentId: number; fact: SandboxFact }[] {
    return factIndexRepo(this.ws.db).byConcept(concept);
  }

  private async build(documentId: number): Promise<SandboxFact[]> {
    const model = await this.documents.model(documentId);
    const cover = await this.coverFacts(documentId);
    const facts = buildFactIndex(model, {
      periodEnd: cover?.periodEnd ?? null,
      fiscalYear: cover?.source === 'xbrl' ? cover.fiscalYear : null,
    });
    factIndexRepo(this.ws.db).replace(
      documentId,
      FACT_INDEX_VERSION,
      PARSER_VERSION,
      facts,
      rowLabels(model, facts),
    );
    return facts;
  }

  private async coverFacts(documentId: number): Promise<FilingFacts | null> {
    const stored = documentFactsRepo(this.ws.db).byDocument(FACTS_READER_VERSION).get(documentId);
    if (stored) return stored;
    const { sha256 } = this.documents.summary(documentId);
    return sha256 === null ? null : readFilingFacts(this.ws.files.pathFor(sha256), 'sec-html');
  }
}

/** The label of the row each fact's first cell is on, as the grid shows it ('' for none). */
function rowLabels(model: Pick<Document, 'tables'>, facts: readonly SandboxFact[]): string[] {
  const layouts = new Map<string, ReturnType<typeof gridLayout> | null>();
  return facts.map((f) => {
    const at = f.cells[0];
    if (!at) return '';
    if (!layouts.has(at.tableId)) {
      const table = model.tables.find((t) => t.id === at.tableId);
      layouts.set(at.tableId, table ? gridLayout(table) : null);
    }
    return layouts.get(at.tableId)?.rows[at.row]?.label.trim() ?? '';
  });
}
