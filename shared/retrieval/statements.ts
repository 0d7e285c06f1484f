import type { Document, Table } from '../document';

/**
 * The three primary financial statements. A question about a line item ("net PP&E", "capex",
 * "operating margin") is answered from the statement that carries it, more reliably than from
 * a note or the MD&A that repeat it in part; a question that names a statement ("… shown in the
 * cash flow statement") wants that statement. Which tables are the statements, and which
 * statements a question asks for, are decided here (pure); the ranking favours those tables
 * (main/retrieval/fts-index.ts).
 */
export type Statement = 'balance' | 'income' | 'cashflow';

/**
 * Titles, matched on lower-case letters only: PDF text often splits words ("Balance Shee t",
 * "Statement of Cash Flow s"), which squashing the spaces out undoes. "Statements of
 * comprehensive income" is not the income statement (the word between breaks the match).
 */
const TITLES: [Statement, RegExp][] = [
  [
    'balance',
    /balancesheets?|statements?of(consolidated)?financial(position|condition)|statements?ofcondition/,
  ],
  ['income', /statements?of(consolidated)?(income|operations|earnings)|incomestatements?/],
  ['cashflow', /statements?of(consolidated)?cashflows?|cashflowstatements?/],
];

/** Row labels every such statement has (lower-cased labels joined by "; "). */
const ROWS: [Statement, (labels: string) => boolean][] = [
  [
    'balance',
    (l) =>
      /total assets/.test(l) &&
      /total (current )?liabilities|(stockholders|shareholders)['’]? (equity|deficit)/.test(l),
  ],
  [
    'income',
    (l) =>
      /revenue|sales/.test(l) &&
      /net (income|earnings|loss)/.test(l) &&
      /per (common )?share|operating (income|profit)|(income|earnings) before/.test(l),
  ],
  [
    'cashflow',
    (l) =>
      /operating activities/.test(l) &&
      /investing activities/.test(l) &&
      /financing activities/.test(l),
  ],
];

/**
 * A table is a statement when it is titled as one and has that statement's rows; or, a long
 * table (a statement has dozens of lines), when it only has the rows (some PDFs print the
 * title where the reader does not see it) or only the title (a statement split over two pages
 * keeps its title on the first, its "operating activities" on one and its "financing
 * activities" on the other). A short table with the title is the MD&A or a note discussing the
 * statement; a short one with the rows, a summary of it.
 */
const LONG_WITH_ROWS = 25;
const LONG_WITH_TITLE = 30;

/** Words of a block that can be a title: a short line, not a sentence of prose. */
const TITLE_WORDS = 30;

const squash = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');

function classify(table: Table, titleText: string): Statement[] {
  const labels = table.rows
    .filter((r) => r.kind !== 'header')
    .map((r) => r.label.toLowerCase())
    .join('; ');
  const columns = [...new Set(table.cells.flatMap((c) => c.colPath))].join(' ');
  const title = squash(`${table.caption} ${columns} ${titleText}`);
  const n = table.rows.length;
  const out: Statement[] = [];
  for (const [statement, re] of TITLES) {
    const titled = re.test(title);
    const rows = ROWS.find(([s]) => s === statement)![1](labels);
    if ((titled && rows) || (rows && n >= LONG_WITH_ROWS) || (titled && n >= LONG_WITH_TITLE))
      out.push(statement);
  }
  return out;
}

/**
 * The tables of a document that are primary statements, by table id. A table's title is
 * looked for in its caption, its column headers (some readers put the title row there), the
 * heading above it and the short lines between it and the previous table on the same page
 * (PDF pages print "Consolidated Statements of Cash Flows" as a line above the table).
 */
export function statementTables(document: Document): Map<string, Statement[]> {
  const tables = new Map(document.tables.map((t) => [t.id, t]));
  const out = new Map<string, Statement[]>();
  let heading = '';
  let lines: string[] = [];
  let page: number | undefined;
  for (const block of document.blocks) {
    const blockPage = block.location.kind === 'pdf' ? block.location.page : undefined;
    if (blockPage !== page) {
      page = blockPage;
      lines = [];
    }
    if (block.type === 'table') {
      const table = tables.get(block.id);
      if (table) {
        const found = classify(table, [heading, ...lines.slice(-4)].join(' '));
        if (found.length > 0) out.set(table.id, found);
      }
      lines = [];
      continue;
    }
    if (block.type === 'heading') heading = block.text;
    if (block.text.split(/\s+/).length <= TITLE_WORDS) lines.push(block.text);
  }
  return out;
}

/**
 * Statements a question asks for: by name, or through a line item or ratio read from one (a
 * general finance vocabulary, not tuned to any question). Capital intensity is judged from all
 * three (capex and PP&E against revenue).
 */
const ASKS: [Statement[], RegExp][] = [
  [['balance'], /balance sheets?|financial (position|condition)/],
  [
    ['income'],
    /income statements?|statements? of (income|operations|earnings)|\bp&l\b|profit and loss/,
  ],
  [['cashflow'], /cash flows? statements?|statements? of cash flows?/],
  [
    ['balance'],
    /\bpp&?n?e\b|fixed assets?|total assets|current assets|current liabilities|total liabilities|working capital|quick ratio|current ratio|(shareholders|stockholders)['’]? equity|book value|debt[- ]to[- ]equity|inventor(y|ies)\b/,
  ],
  [
    ['income'],
    /operating margin|gross margin|operating income|operating profit|gross profit|net income|net earnings|\bcogs\b|cost of (goods sold|sales|revenue)|\bebitda\b|\bebit\b|\beps\b|earnings per share|\bsg&a\b/,
  ],
  [
    ['cashflow'],
    /\bcapex\b|capital expenditures?|free cash flow|\bfcf\b|cash (flow )?from operations|operating cash flow|\bd&a\b|depreciation and amortization|(operating|operations), investing,? and financing/,
  ],
  [['balance', 'income', 'cashflow'], /capital[- ]intensive/],
];

/** Named statements (the first three patterns) always count; line items only when unadjusted. */
const NAMED = 3;

/**
 * "Adjusted EPS", "non-GAAP EBITDA", "organic growth", "core EPS" are computed outside the
 * statements (earnings releases, MD&A reconciliations), so a line item qualified that way does
 * not point at a statement ("unadjusted EBITDA" still does).
 */
const OFF_STATEMENT = /(?<!un)adjusted|non[- ]?gaap|\borganic\b|\bcore\b|pro forma/;

export function statementsAsked(question: string): Set<Statement> {
  const lower = question.toLowerCase();
  const offStatement = OFF_STATEMENT.test(lower);
  const out = new Set<Statement>();
  ASKS.forEach(([statements, re], i) => {
    if (i >= NAMED && offStatement) return;
    if (re.test(lower)) statements.forEach((s) => out.add(s));
  });
  return out;
}

const cache = new WeakMap<Document, Map<string, Statement[]>>();

/**
 * Ids of the tables a question's statements are in (empty when it asks for none). The tables'
 * classification is kept per document object, so repeated questions do not redo it.
 */
export function statementBlocks(document: Document, question: string): Set<string> {
  const asked = statementsAsked(question);
  if (asked.size === 0) return new Set();
  let tables = cache.get(document);
  if (!tables) cache.set(document, (tables = statementTables(document)));
  return new Set(
    [...tables].filter(([, found]) => found.some((s) => asked.has(s))).map(([id]) => id),
  );
}
