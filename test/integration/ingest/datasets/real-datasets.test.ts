import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readDatasetFile } from '../../../../main/ingest/datasets';
import { DatasetImport, type DatasetFormat } from '../../../../shared/datasets';
import { Document } from '../../../../shared/document';
import { dataPath, hasData } from '../../../support/data-dir';

/** Every real dataset file (../shared/data), with the counts its README states. */
const files: { format: DatasetFormat; path: string[]; documents: number; questions: number }[] = [
  {
    format: 'tatqa',
    path: ['datasets', 'tatqa', 'tatqa_dataset_dev.json'],
    documents: 278,
    questions: 1668,
  },
  {
    format: 'tathqa',
    path: ['datasets', 'tat-hqa', 'tatqa_and_hqa_dataset_dev.json'],
    documents: 274,
    questions: 2468,
  },
  // 200 questions on 123 report pages (records of the same page share their text)
  {
    format: 'finqa',
    path: ['datasets', 'finqa', 'finqa_dev_200.json'],
    documents: 123,
    questions: 200,
  },
  {
    format: 'multihiertt',
    path: ['datasets', 'multihiertt', 'dev_subset.json'],
    documents: 33,
    questions: 33,
  },
  {
    format: 'docmath',
    path: ['datasets', 'financemath', 'validation.json'],
    documents: 200,
    questions: 200,
  },
  {
    format: 'financebench',
    path: ['financebench', 'questions.jsonl'],
    documents: 25,
    questions: 65,
  },
  { format: 'tablequest', path: ['tablequest', 'easy.json'], documents: 37, questions: 37 },
  { format: 'tablequest', path: ['tablequest', 'medium.json'], documents: 39, questions: 39 },
  { format: 'tablequest', path: ['tablequest', 'hard.json'], documents: 49, questions: 49 },
];

describe.skipIf(!hasData)('real benchmark files', () => {
  it.each(files.map((f) => ({ ...f, file: f.path.join('/') })))(
    '$format $file: counts, schema, every evidence resolved',
    (f) => {
      const r = readDatasetFile(f.format, dataPath(...f.path));
      expect(r.documents).toHaveLength(f.documents);
      expect(r.questions).toHaveLength(f.questions);
      const parsed = DatasetImport.safeParse(r);
      expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues[0])).toBe(
        true,
      );
      // The model carries everything a dataset needs: parsing as a plain Document drops nothing.
      const stripped = r.documents.filter((d) => !isDeepStrictEqual(Document.parse(d), d));
      expect(stripped.map((d) => d.externalId)).toEqual([]);
      const ids = new Set(r.documents.map((d) => d.externalId));
      expect(ids.size).toBe(r.documents.length);
      expect(r.questions.every((q) => ids.has(q.documentExternalId))).toBe(true);
      expect(new Set(r.questions.map((q) => q.id)).size).toBe(r.questions.length);
      expect(r.questions.flatMap((q) => q.evidence).filter((e) => e.target === null)).toEqual([]);
    },
  );

  it('TAT-HQA: 824 counterfactual questions, each pointing at a question of its context', () => {
    const r = readDatasetFile(
      'tathqa',
      dataPath('datasets', 'tat-hqa', 'tatqa_and_hqa_dataset_dev.json'),
    );
    const cf = r.questions.filter((q) => q.type === 'counterfactual');
    expect(cf).toHaveLength(824);
    const byId = new Map(r.questions.map((q) => [q.id, q]));
    for (const q of cf) {
      const base = byId.get(q.gold.counterfactualOf ?? '');
      expect(base?.documentExternalId).toBe(q.documentExternalId);
    }
  });

  it('TAT-QA: first context reads as the published table, scale from its paragraph', () => {
    const r = readDatasetFile('tatqa', dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json'));
    const doc = r.documents[0]!;
    expect(doc.externalId).toBe('3ffd9053-a45d-491c-957a-1b2fa0af0570');
    const total2019 = doc.tables[0]!.cells.find(
      (c) => c.rowPath[0] === 'Total sales' && c.colPath.at(-1) === '2019',
    );
    expect(total2019).toMatchObject({
      value: 1496.5,
      scale: 1e6,
      unit: 'USD',
      colPath: ['Years Ended September 30', '2019'],
    });
    const q = r.questions.find((x) => x.id === '4960801d-277d-4f79-8eca-c4d0200fa9d6');
    expect(q).toMatchObject({ gold: { answer: ['$1,496.5'] }, scale: 'million', type: 'span' });
  });

  it('FinQA: gold is exe_ans, gold_inds land on the row the program reads', () => {
    const r = readDatasetFile('finqa', dataPath('datasets', 'finqa', 'finqa_dev_200.json'));
    const q = r.questions.find((x) => x.id === 'V/2008/page_17.pdf-1')!;
    expect(q.gold).toMatchObject({
      answer: 127.4,
      shown: '127.40',
      program: 'divide(637, const_5)',
    });
    const doc = r.documents.find((d) => d.externalId === q.documentExternalId)!;
    const row = q.evidence[0];
    expect(row).toMatchObject({ target: { type: 'row', sourceRow: 3 } });
    const cells = doc.tables[0]!.cells.filter((c) => c.sourceRow === 3);
    expect(cells[0]).toMatchObject({ rowPath: ['american express'], value: 637 });
  });

  it('FinanceBench: evidence pages 0-based in the file become 1-based', () => {
    const r = readDatasetFile('financebench', dataPath('financebench', 'questions.jsonl'));
    const q = r.questions.find((x) => x.id === 'financebench_id_03029')!;
    expect(q.documentExternalId).toBe('3M_2018_10K');
    const doc = r.documents.find((d) => d.externalId === '3M_2018_10K')!;
    expect(doc.source).toMatchObject({ kind: 'pdf', file: 'pdfs/3M_2018_10K.pdf' });
    const page = q.evidence[0];
    expect(page?.target?.type === 'page' && page.note).toMatch(/0-based/);
  });
});
