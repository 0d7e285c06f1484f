import type { Document } from '../../shared/document';
import { sandboxTables } from '../../shared/sandbox/document-tables';
import type { SandboxTable } from '../../shared/sandbox/types';
import type { ScratchRun } from '../../shared/sessions/session';
import { tablesForProgram } from '../ask/program-tables';
import type { DocumentService } from '../document/document-service';
import { Sandbox } from '../sandbox';

/** Calculator programs run longer than a model's (an expert may loop over a table) but not forever. */
const SCRATCH_TIMEOUT_MS = 2_000;

/**
 * Runs an expert's calculator program in the same QuickJS sandbox models use, with the same
 * `cell()`/`cellInfo()`/`table()` helpers over the question's document tables. The last
 * document's tables are kept: an expert runs many programs on one question.
 */
export class ScratchRunner {
  private sandbox: Sandbox | undefined;
  private last: { documentId: number; tables: SandboxTable[] } | undefined;
  private closed = false;

  constructor(private readonly documents: DocumentService) {}

  async run(
    documentId: number | null,
    program: string,
  ): Promise<Omit<ScratchRun, 'id' | 'questionId' | 'at' | 'program'>> {
    if (this.closed) throw new Error('the workspace is closed');
    const tables = documentId === null ? [] : await this.tables(documentId);
    this.sandbox ??= new Sandbox();
    const r = await this.sandbox.run(program, {
      tables: [...tablesForProgram(program, tables)],
      timeoutMs: SCRATCH_TIMEOUT_MS,
    });
    const reads = r.trace.length;
    return r.ok
      ? { ok: true, value: r.value, error: null, logs: r.logs, reads }
      : {
          ok: false,
          value: null,
          error: `${r.error.kind}: ${r.error.message}`,
          logs: r.logs,
          reads,
        };
  }

  private async tables(documentId: number): Promise<SandboxTable[]> {
    if (this.last?.documentId === documentId) return this.last.tables;
    const opened = await this.documents.open(documentId);
    const { model } = JSON.parse(Buffer.from(opened.$jsonBytes).toString('utf8')) as {
      model: Document;
    };
    const tables = sandboxTables(model);
    this.last = { documentId, tables };
    return tables;
  }

  async close(): Promise<void> {
    this.closed = true;
    const s = this.sandbox;
    this.sandbox = undefined;
    await s?.close();
  }
}
