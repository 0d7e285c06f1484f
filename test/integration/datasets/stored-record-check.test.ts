import { describe, expect, it } from 'vitest';
import { openDatasetFile } from '../../../main/ingest/datasets/dataset-file';
import { readMultihierttFile } from '../../../main/ingest/datasets/multihiertt';
import { readTatqaFile } from '../../../main/ingest/datasets/tatqa';
import { DatasetDocument, parseStoredDatasetDocument } from '../../../shared/datasets';
import { dataPath, hasData } from '../../support/data-dir';

// parseStoredDatasetDocument checks a stored record without zod where it can (the generated
// Document check, then the two fields DatasetDocument narrows). It must answer exactly what
// `DatasetDocument.parse` answers: the same value, or a throw where zod throws.

type Obj = Record<string, unknown>;

/** zod's answer (JSON) or "throws". */
function zodAnswer(v: unknown): string {
  try {
    return JSON.stringify(DatasetDocument.parse(v));
  } catch {
    return 'throws';
  }
}
function oursAnswer(v: unknown): string {
  try {
    return JSON.stringify(parseStoredDatasetDocument(v));
  } catch {
    return 'throws';
  }
}

/** Ways to change one stored record (as JSON.parse gives it back). */
const mutations: [string, (d: Obj) => void][] = [
  ['externalId removed', (d) => delete d.externalId],
  ['externalId empty', (d) => (d.externalId = '')],
  ['externalId undefined', (d) => (d.externalId = undefined)],
  ['externalId a number', (d) => (d.externalId = 7)],
  ['externalId null', (d) => (d.externalId = null)],
  ['source.format removed', (d) => delete (d.source as Obj).format],
  ['source.format undefined', (d) => ((d.source as Obj).format = undefined)],
  ['source.format unknown', (d) => ((d.source as Obj).format = 'squad')],
  ['source.format another dataset', (d) => ((d.source as Obj).format = 'finqa')],
  ['source a string', (d) => (d.source = 'x')],
  ['an unknown key', (d) => (d.extra = 1)],
  [
    'keys reordered',
    (d) => {
      const { externalId, ...rest } = d;
      for (const k of Object.keys(d)) delete d[k];
      Object.assign(d, rest, { externalId });
    },
  ],
  ['title removed', (d) => delete d.title],
  ['warnings hold an empty string', (d) => (d.warnings = [''])],
  ['schemaVersion old-unknown', (d) => (d.schemaVersion = 99)],
  ['a block dropped its kind', (d) => delete ((d.blocks as Obj[])[0] as Obj).kind],
  ['tables not an array', (d) => (d.tables = {})],
];

function checkFile(docs: DatasetDocument[]) {
  let inPlace = 0;
  for (const doc of docs) {
    const json = JSON.stringify(doc);
    const stored = JSON.parse(json) as Obj;
    const read = parseStoredDatasetDocument(stored);
    expect(JSON.stringify(read)).toBe(json);
    if (read === (stored as unknown)) inPlace++;
  }
  // Stored as the schema orders keys, so every record is vouched for where it is.
  expect(inPlace).toBe(docs.length);
  for (const doc of docs.slice(0, 20))
    for (const [name, mutate] of mutations) {
      const v = JSON.parse(JSON.stringify(doc)) as Obj;
      mutate(v);
      expect(`${name}: ${oursAnswer(v)}`).toBe(`${name}: ${zodAnswer(v)}`);
    }
}

describe.skipIf(!hasData)('stored dataset records: checked as zod checks them', () => {
  it('TAT-QA dev: every record read in place, every mutation as zod', { timeout: 60_000 }, () => {
    const imp = readTatqaFile(openDatasetFile(dataPath('datasets/tatqa/tatqa_dataset_dev.json')));
    checkFile(imp.documents);
  });
  it('MultiHiertt dev subset: the same', { timeout: 60_000 }, () => {
    const imp = readMultihierttFile(
      openDatasetFile(dataPath('datasets/multihiertt/dev_subset.json')),
    );
    checkFile(imp.documents);
  });
  it('a mutation rejected by zod is rejected with zod’s error', () => {
    expect(() => parseStoredDatasetDocument({ schemaVersion: 4, externalId: '' })).toThrow(
      /externalId|source|Invalid/,
    );
  });
});
