import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readDatasetFile, referencedPdfs } from '../../../../main/ingest/datasets';
import { documentSchemaVersion } from '../../../../shared/document';
import { tempDir } from '../../../support/temp-dir';

const fbLine = (id: string, doc: string, page: number) =>
  JSON.stringify({
    financebench_id: id,
    company: '3M',
    doc_name: doc,
    question_type: 'metrics-generated',
    question_reasoning: null,
    question: 'Capex?',
    answer: '$1577.00',
    justification: 'From the cash flow statement.',
    evidence: [
      {
        evidence_text: 'Purchases of PP&E (1,577)',
        doc_name: doc,
        evidence_page_num: page,
        evidence_text_full_page: '…',
      },
    ],
  });

describe('PDF-backed datasets (FinanceBench, TableQuest)', () => {
  let t: ReturnType<typeof tempDir>;
  beforeEach(() => {
    t = tempDir();
  });
  afterEach(() => t.cleanup());

  it('FinanceBench: one document per PDF, referenced by path, pages made 1-based', () => {
    mkdirSync(join(t.dir, 'pdfs'));
    writeFileSync(join(t.dir, 'pdfs', '3M_2018_10K.pdf'), '%PDF-1.4 fake');
    const file = join(t.dir, 'questions.jsonl');
    writeFileSync(
      file,
      `${fbLine('fb-1', '3M_2018_10K', 59)}\n\n${fbLine('fb-2', '3M_2018_10K', 0)}\n`,
    );
    const r = readDatasetFile('financebench', file);
    expect(r.documents).toEqual([
      {
        schemaVersion: documentSchemaVersion,
        externalId: '3M_2018_10K',
        source: {
          name: '3M_2018_10K.pdf',
          kind: 'pdf',
          bytes: 13,
          format: 'financebench',
          file: 'pdfs/3M_2018_10K.pdf',
        },
        title: '3M 3M_2018_10K',
        blocks: [],
        tables: [],
        warnings: [],
      },
    ]);
    expect(r.questions[0]).toMatchObject({
      id: 'fb-1',
      gold: { answer: '$1577.00', explanation: 'From the cash flow statement.' },
      scale: null,
      type: 'metrics-generated',
      evidence: [{ target: { type: 'page', page: 60 }, text: 'Purchases of PP&E (1,577)' }],
    });
    expect(r.questions[1]?.evidence[0]).toMatchObject({ target: { page: 1 } });
    expect(referencedPdfs(r)).toEqual(['pdfs/3M_2018_10K.pdf']);
  });

  it('FinanceBench: a missing PDF or a bad line fails the whole file, naming the line', () => {
    const file = join(t.dir, 'questions.jsonl');
    writeFileSync(file, `${fbLine('fb-1', 'NOPE_2020_10K', 1)}\n`);
    expect(() => readDatasetFile('financebench', file)).toThrow(
      /questions\.jsonl: line 1: pdfs\/NOPE_2020_10K\.pdf not found next to questions\.jsonl/,
    );
    writeFileSync(
      file,
      `\n${fbLine('fb-1', 'X', 1).replace('"evidence_page_num":1', '"evidence_page_num":-1')}\n`,
    );
    expect(() => readDatasetFile('financebench', file)).toThrow(
      /questions\.jsonl: line 2: evidence\[0\]\.evidence_page_num/,
    );
  });

  it('TableQuest: a document per page PDF, shared by its questions', () => {
    mkdirSync(join(t.dir, 'pages', 'easy'), { recursive: true });
    writeFileSync(join(t.dir, 'pages', 'easy', '3M_2023Q2_10Q_p19.pdf'), '%PDF-1.4');
    const rec = {
      image: 'tablequest/sampled_pages/easy/3M_2023Q2_10Q_p19.png',
      difficulty: 'easy',
      question: 'Total maturities for 2026?',
      answer: '$1,458',
      cot: null,
      table_loc: 'Future Maturities table, row 2026, last column.',
      report_type: '10Q',
      page_number: 19,
    };
    const file = join(t.dir, 'easy.json');
    writeFileSync(file, JSON.stringify([rec, { ...rec, question: 'Another?' }]));
    const r = readDatasetFile('tablequest', file);
    expect(r.documents).toHaveLength(1);
    expect(r.documents[0]?.source).toMatchObject({
      kind: 'pdf',
      file: 'pages/easy/3M_2023Q2_10Q_p19.pdf',
    });
    expect(r.questions.map((q) => q.id)).toEqual(['easy-0', 'easy-1']);
    expect(r.questions[0]).toMatchObject({
      gold: { answer: '$1,458' },
      type: 'easy',
      evidence: [{ target: { type: 'page', page: 1 }, text: rec.table_loc, ref: 'page_number 19' }],
    });
  });
});
