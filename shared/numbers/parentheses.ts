/**
 * Accounting parentheses: the one rule for every reader of numbers (table cells in main/ingest,
 * answers and gold in shared/grading), so a cell and an answer that show the same text read as
 * the same number.
 *
 * - A number inside "(" and ")" is negative: "(1,234)", "$(1,234)", "(12.5%)".
 * - When the text is the number alone (a table cell, an answer), a "(" before it makes it
 *   negative even without its ")": tables set the ")" in a cell of its own ("(1,234" | ")"), and
 *   a reader that could not join the two back still keeps the sign.
 * - In running text, a "(" or ")" that does not enclose the number is the sentence's own
 *   punctuation ("(5 million shares)", "see note 3)"): the number keeps its sign.
 * - A ")" with no "(" never makes a number negative.
 *
 * `open`: a "(" stands right before the number (after any sign or currency written first);
 * `close`: a ")" right after it (after any scale word, unit or currency written after it);
 * `whole`: the text is this number alone.
 */
export function negativeByParentheses(open: boolean, close: boolean, whole: boolean): boolean {
  return open && (close || whole);
}
