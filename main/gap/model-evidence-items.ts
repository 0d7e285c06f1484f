import type { EvidenceItem } from '../../shared/gap/evidence-overlap';
import type { ModelEvidenceSource } from '../../shared/gap/gap-report';
import { literalItems, tracedItems } from '../../shared/gap/model-evidence';
import type { Document } from '../../shared/document';
import { sandboxTables } from '../../shared/sandbox/document-tables';
import { buildFactIndex } from '../../shared/sandbox/fact-index';
import type { RunItem, RunMode } from '../../shared/runs/run';
import { tablesForProgram } from '../ask/program-tables';
import type { DocumentService } from '../document/document-service';
import { Sandbox } from '../sandbox';
import { namesFacts } from '../sandbox/fact-trace';

/** As long as a model's own program may run (runs use the sandbox default of 1 s). */
const RERUN_TIMEOUT_MS = 2_000;

/**
 * The cells a run's programs used, per item. Run items keep the program and its result, not
 * the sandbox trace, so a JavaScript PoT program is run again in the same sandbox (seeded,
 * fixed clock: the same reads) over its question's document; other programs (imported Python
 * PoT) are read for their literals. Text answers (direct, CoT) have no program: `none`.
 */
export class ModelEvidenceItems {
  private sandbox: Sandbox | undefined;
  private readonly documents = new Map<number, Promise<Document | null>>();

  constructor(private readonly docs: DocumentService) {}

  private document(id: number): Promise<Document | null> {
    let d = this.documents.get(id);
    if (!d) {
      d = this.docs.open(id).then(
        (opened) =>
          (JSON.parse(Buffer.from(opened.$jsonBytes).toString('utf8')) as { model: Document })
            .model,
        // A document removed from the library: its reads cannot be placed.
        () => null,
      );
      this.documents.set(id, d);
    }
    return d;
  }

  async of(
    item: Pick<RunItem, 'program'>,
    mode: RunMode | null,
    documentId: number | null,
  ): Promise<{ units: EvidenceItem[]; source: ModelEvidenceSource }> {
    if (item.program === null || item.program.trim() === '' || documentId === null)
      return { units: [], source: 'none' };
    const doc = await this.document(documentId);
    if (!doc) return { units: [], source: 'none' };
    if (mode === 'pot') {
      const tables = sandboxTables(doc);
      this.sandbox ??= new Sandbox();
      const r = await this.sandbox.run(item.program, {
        tables: [...tablesForProgram(item.program, tables)],
        // A program reading tagged facts reads them again (their cells are in the trace).
        ...(namesFacts(item.program) ? { facts: buildFactIndex(doc) } : {}),
        timeoutMs: RERUN_TIMEOUT_MS,
      });
      const reads = r.trace.flatMap((t) => ('cell' in t && t.cell ? [t.cell] : []));
      // A program that read cells is grounded by its trace; its literals are then conversions.
      const traced = tracedItems(doc, reads);
      const literal = literalItems(doc, item.program);
      return { units: [...traced, ...literal], source: 'trace' };
    }
    return { units: literalItems(doc, item.program), source: 'literals' };
  }

  async close(): Promise<void> {
    const s = this.sandbox;
    this.sandbox = undefined;
    await s?.close();
  }
}
