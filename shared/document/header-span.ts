// Without zod (header-node.ts holds the schema, and re-exports this), for the readers that
// build header trees (HeaderNode's).

/**
 * Where a column header goes in the tree: under the nearest header placed above it whose span
 * holds its middle (a header centred over two years heads both), else at the root.
 */
export const spanParent = <Node extends { firstCol: number; lastCol: number }>(
  placed: readonly Node[],
  firstCol: number,
  lastCol: number,
): Node | undefined => {
  const mid = (firstCol + lastCol) / 2;
  return placed.findLast((n) => n.firstCol <= mid && mid <= n.lastCol);
};
