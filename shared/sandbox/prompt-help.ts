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
