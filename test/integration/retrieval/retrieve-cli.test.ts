import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatasetFile } from '../../../main/ingest/datasets/dataset-file';
import { readMultihierttFile } from '../../../main/ingest/datasets/multihiertt';
import { searchDocument } from '../../../main/retrieval/retrieval-service';
import { RetrievalHit } from '../../../shared/retrieval/hit';
import { runSourceCli } from '../../support/cli';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';
import { tempServices } from '../../support/services';

const HIERTT = dataPath('datasets', 'multihiertt', 'dev_subset.json');
const NVDA = dataPath('sec', 'NVDA_10-K_FY2025', 'nvda-10-k-2025-02-26.html');

const parseHits = (stdout: string): RetrievalHit[] => {
  const out = JSON.parse(stdout) as { hits: unknown[] };
  expect(Object.keys(out)).toEqual(['hits']);
  return out.hits.map((h) => RetrievalHit.parse(h));
};

describe.skipIf(!hasData)('retrieval on a MultiHiertt record', () => {
  it('finds the gold cells ("t-r-c" = table, source row, source col) and the gold sentence', () => {
    const imported = readMultihierttFile(openDatasetFile(HIERTT));
    const question = imported.questions[0]!;
    const doc = imported.documents.find((d) => d.externalId === question.documentExternalId)!;
    // "Which year is Total Revenues of Group retirement products the most?"
    // table_evidence 0-2-4, 0-8-4, 0-14-4; text_evidence [0].
    const hits = searchDocument(doc, question.question, { k: 10 });
    const cells = hits
      .filter((h) => h.kind === 'cell')
      .map((h) => `${h.tableSourceIndex}-${h.sourceRow}-${h.sourceCol}`);
    expect(cells).toEqual(expect.arrayContaining(['0-2-4', '0-8-4', '0-14-4']));
    expect(hits.filter((h) => h.kind === 'paragraph').map((h) => h.paragraphIndex)).toContain(0);
    for (const h of hits.filter((x) => x.kind === 'paragraph'))
      expect(h.blockId).toBe(`p${h.paragraphIndex}`);
  });
});

describe.skipIf(!hasData)('workbench retrieve', () => {
  let ws: Awaited<ReturnType<typeof tempServices>>;
  let questionId: number;
  let documentId: number;
  let question: string;
  let apiHits: RetrievalHit[];

  beforeAll(async () => {
    ws = await tempServices();
    const stored = await ws.services.datasets.importFile('multihiertt', HIERTT);
    const q = ws.services.datasets.questions(stored.datasetId)[3]!;
    questionId = q.id;
    documentId = q.documentId!;
    question = q.question;
    const r = await ws.services.registry.call('retrieval.search', {
      documentId,
      question,
      options: { k: 6 },
    });
    if (!r.ok) throw new Error(r.error.message);
    apiHits = (r.value as { hits: RetrievalHit[] }).hits;
    ws.services.close();
  }, 120_000);
  afterAll(() => ws.cleanup());

  it('answers retrieval.search for a dataset record with the dataset’s own indices', () => {
    expect(apiHits).toHaveLength(6);
    for (const h of apiHits) {
      if (h.kind === 'paragraph') expect(h.paragraphIndex).toBe(Number(h.blockId.slice(1)));
      else expect(h.tableSourceIndex).toBe(Number(h.blockId.slice(1)));
    }
  });

  it('--dataset-question ID and --document ID rank like the API, as {hits} JSON', () => {
    const byQuestion = runSourceCli([
      'retrieve',
      '--dataset-question',
      String(questionId),
      '--k',
      '6',
      '--json',
      '--workspace',
      ws.dir,
    ]);
    expect(byQuestion.code, byQuestion.stderr).toBe(0);
    expect(parseHits(byQuestion.stdout)).toEqual(apiHits);
    const byDocument = runSourceCli([
      'retrieve',
      '--document',
      String(documentId),
      '--question',
      question,
      '--k',
      '6',
      '--workspace',
      ws.dir,
    ]);
    expect(byDocument.code, byDocument.stderr).toBe(0);
    expect(byDocument.stdout).toMatch(/^ {2}1\. \d+\.\d{3} {2}(cell|paragraph) /);
  }, 120_000);

  it('--doc FILE parses the file and prints the hits in rank order', () => {
    const r = runSourceCli([
      'retrieve',
      '--doc',
      NVDA,
      '--question',
      'research and development expenses',
      '--k',
      '4',
      '--unit',
      'row',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const hits = parseHits(r.stdout);
    expect(hits).toHaveLength(4);
    expect(hits.every((h) => h.kind === 'row' || h.kind === 'paragraph')).toBe(true);
    expect(hits.map((h) => h.score)).toEqual([...hits.map((h) => h.score)].sort((a, b) => b - a));
  }, 120_000);

  it('says what is wrong with the command line (exit 2) or the file (exit 1)', () => {
    const noSource = runSourceCli(['retrieve', '--question', 'revenue']);
    expect(noSource.code).toBe(2);
    expect(noSource.stderr).toMatch(
      /exactly one of --doc FILE, --document ID or --dataset-question ID/,
    );
    const badUnit = runSourceCli(['retrieve', '--doc', NVDA, '--question', 'x', '--unit', 'page']);
    expect(badUnit.code).toBe(2);
    expect(badUnit.stderr).toMatch(/--unit must be cell, row or block/);
    const missing = runSourceCli([
      'retrieve',
      '--doc',
      '/no/such/file.htm',
      '--question',
      'revenue',
    ]);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
  }, 120_000);
});

if (!hasData) console.warn(`[skip] workbench retrieve: ${noDataMessage}`);
