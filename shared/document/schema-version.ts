// Without zod, so that the SEC reader, which stamps it on every Document, loads no schema
// library (the CLI's ingest checks its output with document-parse.generated.ts).

/**
 * Version of the JSON this schema describes (`workbench ingest --json`, `import-dataset
 * --json`, the stored models). 2 added `warnings` (always present), `pageCount`, `externalId`
 * and the dataset source and location kinds. 3 added, all optional, a cell's `scaleBasis` and
 * `unitBasis` (where its scale and unit were read) and `footnotes` on cells and row labels.
 * 4: a cell's inline XBRL facts carry their concept, period, dimensions, unit, decimals and
 * value, a tagged cell takes its value, scale, sign and unit from its tag and keeps the
 * visible-text reading in `visible`, with `warnings` when the two disagree.
 * `upgradeDocumentJson` reads versions 1 to 3.
 */
export const documentSchemaVersion = 4;
