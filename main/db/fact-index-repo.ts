import type { Database } from 'better-sqlite3';
import type { SandboxFact } from '../../shared/sandbox/fact-index';
import { perConnection } from './per-connection';
import { writeTransaction } from './write-transaction';

interface FactRow {
  concept: string;
  period_start: string | null;
  period_end: string;
  label: string | null;
  dimensions: string;
  unit: string | null;
  decimals: string | null;
  value: number;
  scale: number;
  base: number;
  cells: string;
}

const localName = (concept: string): string =>
  concept.slice(concept.indexOf(':') + 1).toLowerCase();

function fromRow(r: FactRow): SandboxFact {
  return {
    concept: r.concept,
    period:
      r.period_start === null
        ? { instant: r.period_end }
        : { start: r.period_start, end: r.period_end },
    label: r.label,
    dimensions: JSON.parse(r.dimensions) as Record<string, string>,
    unit: r.unit,
    decimals: r.decimals === null ? null : r.decimals === 'INF' ? 'INF' : Number(r.decimals),
    value: r.value,
    scale: r.scale,
    base: r.base,
    cells: JSON.parse(r.cells) as SandboxFact['cells'],
  };
}

/** One fact as the named parameters of the INSERT into filing_facts. */
function factParams(documentId: number, seq: number, f: SandboxFact, rowLabel: string) {
  const p = f.period;
  return {
    documentId,
    seq,
    concept: f.concept,
    localName: localName(f.concept),
    periodStart: 'start' in p ? p.start : null,
    periodEnd: 'start' in p ? p.end : p.instant,
    label: f.label,
    dimensions: JSON.stringify(f.dimensions),
    unit: f.unit,
    decimals: f.decimals === null ? null : String(f.decimals),
    value: f.value,
    scale: f.scale,
    base: f.base,
    cells: JSON.stringify(f.cells),
    rowLabel,
  };
}

/** The fact index of tagged filings (migration 21), per document. */
export const factIndexRepo = perConnection((db: Database) => {
  const state = db.prepare<[number], { index_version: number; parser_version: number }>(
    'SELECT index_version, parser_version FROM fact_index_documents WHERE document_id = ?',
  );
  const removeDocument = db.prepare('DELETE FROM fact_index_documents WHERE document_id = ?');
  const putDocument = db.prepare(
    `INSERT INTO fact_index_documents (document_id, index_version, parser_version, fact_count, indexed_at)
     VALUES (?, ?, ?, ?, ?)`,
  );
  const putFact = db.prepare(
    `INSERT INTO filing_facts (document_id, seq, concept, local_name, period_start, period_end,
       label, dimensions, unit, decimals, value, scale, base, cells, row_label)
     VALUES (@documentId, @seq, @concept, @localName, @periodStart, @periodEnd, @label,
       @dimensions, @unit, @decimals, @value, @scale, @base, @cells, @rowLabel)`,
  );
  const factsOf = db.prepare<[number], FactRow>(
    'SELECT * FROM filing_facts WHERE document_id = ? ORDER BY seq',
  );
  const labeled = db.prepare<[number], FactRow & { row_label: string | null }>(
    'SELECT * FROM filing_facts WHERE document_id = ? ORDER BY seq',
  );
  const unlabeled = db.prepare<[number], { n: number }>(
    'SELECT 1 AS n FROM filing_facts WHERE document_id = ? AND row_label IS NULL LIMIT 1',
  );
  const byName = db.prepare<[string], FactRow & { document_id: number }>(
    'SELECT * FROM filing_facts WHERE local_name = ? ORDER BY document_id, seq',
  );
  const replace = writeTransaction(
    db,
    (
      documentId: number,
      indexVersion: number,
      parserVersion: number,
      facts: SandboxFact[],
      rowLabels: readonly string[],
    ) => {
      removeDocument.run(documentId);
      putDocument.run(
        documentId,
        indexVersion,
        parserVersion,
        facts.length,
        new Date().toISOString(),
      );
      facts.forEach((f, seq) => {
        putFact.run(factParams(documentId, seq, f, rowLabels[seq] ?? ''));
      });
    },
  );
  return {
    /** Which index and parser version built a document's facts; undefined if none did. */
    state: (documentId: number) => state.get(documentId),
    /**
     * A document's facts, replaced in one transaction, each with the label of the row its first
     * cell is on ('' for none).
     */
    replace: (
      documentId: number,
      indexVersion: number,
      parserVersion: number,
      facts: SandboxFact[],
      rowLabels: readonly string[] = [],
    ) => replace(documentId, indexVersion, parserVersion, facts, rowLabels),
    facts: (documentId: number): SandboxFact[] => factsOf.all(documentId).map(fromRow),
    /** A document's facts with their row labels (null: indexed before labels were kept). */
    labeledFacts: (documentId: number): { fact: SandboxFact; rowLabel: string | null }[] =>
      labeled.all(documentId).map((r) => ({ fact: fromRow(r), rowLabel: r.row_label })),
    /** Whether a document's facts were indexed before row labels were kept (migration 22). */
    lacksRowLabels: (documentId: number): boolean => unlabeled.get(documentId) !== undefined,
    /** A concept's facts in every indexed filing (prefix and case ignored). */
    byConcept: (concept: string): { documentId: number; fact: SandboxFact }[] =>
      byName.all(localName(concept)).map((r) => ({ documentId: r.document_id, fact: fromRow(r) })),
  };
});
