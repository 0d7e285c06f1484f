import type { MarkTarget } from '../../../shared/document/evidence';
import { evidenceKey } from '../../../shared/document/evidence-key';
import { csvDocument } from '../../../shared/export/csv';
import type { Document } from '../../../shared/document';

/** One marked paragraph or cell as the evidence panel lists it and the CSV exports it. */
export interface EvidenceRow {
  key: string;
  target: MarkTarget;
  kind: 'paragraph' | 'cell';
  /** The table's title, or "Paragraph" for text. */
  where: string;
  rowPath: string;
  colPath: string;
  /** As filed (a cell) or the paragraph's text. */
  text: string;
  value: number | null;
  scale: number | null;
  unit: string | null;
  page: number | null;
  /** False when the mark names something this parse no longer has. */
  found: boolean;
}

/** The marks in reading order (blocks, then rows and columns within a table). */
export function evidenceRows(model: Document, targets: readonly MarkTarget[]): EvidenceRow[] {
  const order = new Map(model.blocks.map((b, i) => [b.id, i]));
  const tables = new Map(model.tables.map((t) => [t.id, t]));
  const blocks = new Map(model.blocks.map((b) => [b.id, b]));
  const rows = targets.map((target): EvidenceRow & { sort: number[] } => {
    const key = evidenceKey(target);
    if (target.type === 'paragraph') {
      const b = blocks.get(target.blockId);
      return {
        key,
        target,
        kind: 'paragraph',
        where: 'Paragraph',
        rowPath: '',
        colPath: '',
        text: b && b.type !== 'table' ? b.text : '',
        value: null,
        scale: null,
        unit: null,
        page: null,
        found: !!b && b.type !== 'table',
        sort: [order.get(target.blockId) ?? Number.MAX_SAFE_INTEGER, 0, 0],
      };
    }
    const t = tables.get(target.tableId);
    const c = t?.cells.find(
      (x) => x.sourceRow === target.sourceRow && x.sourceCol === target.sourceCol,
    );
    return {
      key,
      target,
      kind: 'cell',
      where: t?.caption.trim() || `Table ${target.tableId}`,
      rowPath: c?.rowPath.join(' › ') ?? '',
      colPath: c?.colPath.join(' › ') ?? '',
      text: c?.text ?? '',
      value: c?.value ?? null,
      scale: c?.scale ?? null,
      unit: c?.unit ?? null,
      page: t?.page ?? null,
      found: !!c,
      sort: [
        order.get(target.tableId) ?? Number.MAX_SAFE_INTEGER,
        target.sourceRow,
        target.sourceCol,
      ],
    };
  });
  rows.sort(
    (a, b) => a.sort[0]! - b.sort[0]! || a.sort[1]! - b.sort[1]! || a.sort[2]! - b.sort[2]!,
  );
  return rows.map(({ sort: _sort, ...r }) => r);
}

/**
 * The evidence of a document as CSV, one line per mark, with a header line: the app's one CSV
 * writer (shared/export/csv.ts), so filing text a spreadsheet would run as a formula stays text.
 */
export function evidenceCsv(documentName: string, rows: readonly EvidenceRow[]): string {
  const header = [
    'document',
    'kind',
    'table',
    'row',
    'column',
    'as filed',
    'value',
    'scale',
    'unit',
    'page',
    'target',
  ];
  return csvDocument(
    header,
    rows.map((r) => [
      documentName,
      r.kind,
      r.kind === 'cell' ? r.where : '',
      r.rowPath,
      r.colPath,
      r.text,
      r.value,
      r.scale,
      r.unit,
      r.page,
      r.key,
    ]),
  );
}
