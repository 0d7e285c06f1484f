/**
 * What a prompt tells a model about the sandbox its JavaScript will run in. Kept next to the
 * sandbox's types so the two change together; the example below is run by the integration
 * tests (test/integration/sandbox/sandbox.test.ts), so it cannot drift from what works.
 */

export const PROMPT_EXAMPLE_TABLE_ID = 't1';

export const PROMPT_EXAMPLE_PROGRAM = `function solution() {
  const revenue2023 = cell('t1', ['Revenue'], ['2023']);
  const revenue2022 = cell('t1', ['Revenue'], ['2022']);
  return (revenue2023 - revenue2022) / revenue2022 * 100;
}`;

export const SANDBOX_PROMPT_HELP = `Answer with one JavaScript program in a \`\`\`javascript block.
Define function solution() that returns the answer as a number (or a boolean or a short string
for a yes/no or span answer). Plain modern JavaScript only: no require, import, fetch, timers or
files. Math.random() is seeded and Date.now() is fixed, so do not rely on them.

Three read-only helpers give you the document's tables (ids like 't21'):
- cell(tableId, row, col) returns the number in one cell as the table displays it: "$1,234" is
  1234, "(56.7)" is -56.7, "12.5%" is 12.5, "—" is 0. The table's scale is not applied: a
  table "in millions" showing 1,234 gives 1234. Where the filing tags the cell with inline
  XBRL, the number is the tagged fact's, sign included (a cost shown "(1,234)" may be tagged
  as 1234). Address a cell in one of two ways:
  - by grid position: row and col are whole numbers from 0, as in the table listings ("row 4",
    "[2]"); header rows are not counted;
  - by header paths: rowPath and colPath are the labels from the outermost to the cell, e.g.
    ['Operating expenses', 'Research and development'] and ['Year Ended', 'Jan 26, 2025']. A
    single label may be given as a string, the last labels alone are enough when they are
    unique, and labels match ignoring case and extra spaces.
- cellInfo(tableId, row, col) takes the same addresses and returns a frozen object
  {tableId, row, col, value, scale, unit, base, text, rowPath, colPath, xbrl}: value as
  displayed; scale, the multiplier to base units (1000000 for "in millions", 1000 for "in
  thousands", 0.01 for a percentage, 1 for per-share amounts); base = value × scale; unit
  "USD", "USD/share", "shares", "%", "x" or null; text as filed. Use it to convert units
  explicitly. xbrl is null, or for a tagged cell {concept, period, dimensions, unit, decimals,
  shownValue}: the concept ("us-gaap:Revenues"), period {instant} or {start, end} (ISO
  dates), dimensions {axis: member}, the filing's unit ("USD/shares"), decimals, and
  shownValue, the number with the sign the page prints.
- table(tableId) returns a frozen copy {id, caption, cells: [{rowPath, colPath, value, row, col,
  scale, unit, text}]} for looping over many cells (value is null for an empty or non-numeric
  cell).
An empty or non-numeric cell, a missing cell or a path matching several cells throws an error
that lists the nearest cells with their positions; a program may catch it and try another.

Example:
\`\`\`javascript
${PROMPT_EXAMPLE_PROGRAM}
\`\`\``;

/**
 * What a prompt adds when the context came from a filing with inline XBRL tags (issue 27): the
 * fact()/facts() helpers (main/sandbox: QuickJS; harness-source.ts: Python). Copied word for
 * word in docs/sandbox-helpers.md, checked by test/unit/sandbox/prompt-text.test.ts; the
 * example is run against NVIDIA's 10-K by test/integration/sandbox/facts.test.ts.
 */
export const FACTS_PROMPT_EXAMPLE = `function solution() {
  const now = fact('us-gaap:Revenues', 'FY2025');
  const before = fact('Revenues', 'FY2024');
  return (now.value - before.value) / before.value * 100;
}`;

export const FACTS_PROMPT_HELP = `This filing tags its numbers with inline XBRL, so two more read-only helpers give you its
facts by concept and period, the same in every filing of the company:
- fact(concept, period, dims) returns a frozen object {concept, period, label, dimensions, unit,
  value, scale, base, cells}. concept is "us-gaap:Revenues" or just "Revenues". period is a
  fiscal year "FY2024" (or "2024"), a quarter "Q3 2024", six or nine months from the fiscal
  year's start "H1 2024" or "9M 2024", or the period's end date "2024-12-31"; a balance is
  named by the date or period it closes. dims is left out for the company-wide fact, or
  {axis: member} for a segment, e.g. {StatementBusinessSegmentsAxis:
  'ComputeAndNetworkingSegmentMember'} (names as in cellInfo().xbrl, prefixes optional). value
  is the number as the filing shows it, scale its multiplier to base units (1000000 for
  millions), base = value × scale, unit "USD", "shares", "pure" or "USD/shares"; cells lists
  where it is shown [{tableId, row, col}]. Used as a number, a fact is its value.
- facts(concept) returns every fact of the concept (all periods and dimensions), oldest first.
A missing concept or period throws an error that lists the nearest concepts or periods.

Example:
\`\`\`javascript
${FACTS_PROMPT_EXAMPLE}
\`\`\``;

/** The same for Python programs (pot-python): the helpers are builtins of the sandbox. */
export const FACTS_PROMPT_HELP_PYTHON = `This filing tags its numbers with inline XBRL, so two more read-only builtins give you its
facts by concept and period:
- fact(concept, period, dims=None) returns a float (the number as the filing shows it) with
  attributes concept, period, label, dimensions, unit, value, scale, base (= value × scale, in
  base units), cells. concept is "us-gaap:Revenues" or "Revenues"; period is "FY2024" (or
  2024), "Q3 2024", "H1 2024", "9M 2024" or the period's end date "2024-12-31"; dims is None
  for the company-wide fact or {axis: member} for a segment.
- facts(concept) returns every fact of the concept, oldest first.
A missing concept or period raises a LookupError that lists the nearest ones.
Example: growth = (fact('Revenues', 'FY2025') - fact('Revenues', 'FY2024')) / fact('Revenues', 'FY2024') * 100`;
