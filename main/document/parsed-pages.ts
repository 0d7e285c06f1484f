import type { Block, Document, Table } from '../../shared/document';

/**
 * Pages of a PDF read so far, handed from the parse worker to the document view while the rest
 * is read (issue 26: the first page and its tables in view before the whole parse ends).
 *
 * Why this shape: the app has one API contract and reports long work through `job.progress`.
 * The pages ride beside it as one more push event (`document.pages`, shared/api/contract.ts)
 * rather than inside `job.progress`, which every job kind shares and the jobs table stores, or
 * a "partial" method the view would poll (one request per poll, and a partial model to keep per
 * document in main). Each event carries only the pages new since the last one, as a Document
 * of those pages: the same schema, checked in the worker the way the final Document is, with
 * the same block and table ids, so the view appends them and the final model replaces the
 * prefix without moving a selected cell.
 */
export interface ParsedPages {
  /** First and last page in this batch (1-based, inclusive); batches come in page order. */
  fromPage: number;
  toPage: number;
  pageCount: number;
  /** Those pages' blocks and tables only, validated against the Document schema. */
  document: Document;
}

/** A batch is posted at the first page, then at most every this many ms, and at the last page. */
export const PAGES_EVERY_MS = 300;

/**
 * Collects pages as they are read and hands them on in batches: the first page at once (what
 * the user looks at first), then every PAGES_EVERY_MS, then the rest at the last page.
 */
export function pageBatcher(
  header: Omit<Document, 'blocks' | 'tables' | 'pageCount'>,
  post: (batch: ParsedPages) => void,
  check: (d: Document) => Document,
  now: () => number = Date.now,
): (page: number, pages: number, parsed: { blocks: Block[]; tables: Table[] }) => void {
  let from = 1;
  let blocks: Block[] = [];
  let tables: Table[] = [];
  let last = 0;
  return (page, pages, parsed) => {
    blocks.push(...parsed.blocks);
    tables.push(...parsed.tables);
    if (page !== 1 && page !== pages && now() - last < PAGES_EVERY_MS) return;
    const document = check({ ...header, pageCount: pages, blocks, tables });
    post({ fromPage: from, toPage: page, pageCount: pages, document });
    from = page + 1;
    blocks = [];
    tables = [];
    last = now();
  };
}
