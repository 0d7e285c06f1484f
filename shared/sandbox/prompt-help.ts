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

Two read-only helpers give you the document's tables:
- cell(tableId, rowPath, colPath) returns the number in one cell. rowPath and colPath are the
  header labels from the outermost to the cell, e.g. ['Segment A', 'Revenue'] and ['2023'];
  a single label may be given as a string, and the last labels alone are enough when they are
  unique. Labels match ignoring case and extra spaces. An empty or non-numeric cell, an unknown
  label or an ambiguous one throws an error that names the problem.
- table(tableId) returns a frozen copy {id, cells: [{rowPath, colPath, value}]} (value is a
  number or null) for looping over many cells.

Example:
\`\`\`javascript
${PROMPT_EXAMPLE_PROGRAM}
\`\`\``;
