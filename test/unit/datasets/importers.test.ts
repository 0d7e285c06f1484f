import { describe, expect, it } from 'vitest';
import type { DatasetFile } from '../../../main/ingest/datasets/dataset-file';
import { readDocmathFile } from '../../../main/ingest/datasets/docmath';
import { readFinqaFile } from '../../../main/ingest/datasets/finqa';
import { readMultihierttFile } from '../../../main/ingest/datasets/multihiertt';
import { readTathqaFile } from '../../../main/ingest/datasets/tathqa';
import { readTatqaFile } from '../../../main/ingest/datasets/tatqa';
import { DatasetImport } from '../../../shared/datasets';

const file = (name: string, data: unknown): DatasetFile => ({
  path: `/data/${name}`,
  name,
  dir: '/data',
  text: JSON.stringify(data),
});

const tatContext = (extra: Record<string, unknown> = {}) => ({
  table: {
    uid: 'table-1',
    table: [
      ['', '2019', '2018'],
      ['Fixed Price', '$1,452.4', '$1,146.2'],
      ['Other', '44.1', '56.7'],
    ],
  },
  paragraphs: [
    { uid: 'p-b', order: 2, text: 'The table below presents sales (in millions):' },
    { uid: 'p-a', order: 1, text: 'Sales by contract type.' },
  ],
  questions: [
    {
      uid: 'q-1',
      order: 1,
      question: 'What is the change in Other?',
      answer: -12.6,
      derivation: '44.1-56.7',
      answer_type: 'arithmetic',
      answer_from: 'table-text',
      rel_paragraphs: ['2'],
      req_comparison: false,
      scale: 'million',
    },
  ],
  ...extra,
});

describe('TAT-QA / TAT-HQA', () => {
  it('reads a context into a document with a table, ordered paragraphs and mapped evidence', () => {
    const r = readTatqaFile(file('tatqa.json', [tatContext()]));
    expect(DatasetImport.safeParse(r).success).toBe(true);
    const doc = r.documents[0]!;
    expect(doc).toMatchObject({
      externalId: 'table-1',
      source: { kind: 'dataset', format: 'tatqa' },
    });
    expect(doc.blocks.map((b) => b.id)).toEqual(['t0', 'p1', 'p2']);
    expect(doc.blocks[2]).toMatchObject({
      location: { kind: 'dataset', pointer: '/0/paragraphs/0' },
    });
    const other = doc.tables[0]!.cells.find(
      (c) => c.rowPath[0] === 'Other' && c.colPath[0] === '2019',
    );
    // the paragraph's "(in millions)" is the table's scale; the question's scale stays its own
    expect(other).toMatchObject({ value: 44.1, scale: 1e6 });
    expect(r.questions[0]).toEqual({
      id: 'q-1',
      documentExternalId: 'table-1',
      question: 'What is the change in Other?',
      gold: { answer: -12.6, derivation: '44.1-56.7', answerFrom: 'table-text' },
      scale: 'million',
      type: 'arithmetic',
      evidence: [
        { ref: '2', target: { type: 'paragraph', blockId: 'p2' } },
        { ref: 'answer_from table-text', target: { type: 'table', tableId: 't0' } },
      ],
    });
  });

  it('links a counterfactual question to the question it rewrites', () => {
    const ctx = tatContext();
    ctx.questions.push({
      ...ctx.questions[0]!,
      uid: 'q-2',
      order: 2,
      answer_type: 'counterfactual',
      rel_question: '1',
    } as (typeof ctx.questions)[0]);
    const r = readTathqaFile(file('hqa.json', [ctx]));
    expect(r.format).toBe('tathqa');
    expect(r.questions[1]?.gold.counterfactualOf).toBe('q-1');
    const bad = tatContext();
    bad.questions.push({
      ...bad.questions[0]!,
      uid: 'q-3',
      rel_question: '9',
    } as (typeof bad.questions)[0]);
    expect(() => readTathqaFile(file('hqa.json', [bad]))).toThrow(
      'hqa.json: record 0: questions[1].rel_question "9" names no question of this context',
    );
  });

  it('fails on the first schema problem, naming file, record and field', () => {
    const broken = tatContext();
    (broken.table as { table: unknown }).table = 'oops';
    expect(() =>
      readTatqaFile(
        file('tatqa_dataset_dev.json', [tatContext(), tatContext(), tatContext(), broken]),
      ),
    ).toThrow('tatqa_dataset_dev.json: record 3: table.table must be an array of rows');
    const noUid = tatContext();
    delete (noUid.questions[0] as Partial<(typeof noUid.questions)[0]>).uid;
    expect(() => readTatqaFile(file('t.json', [noUid]))).toThrow(
      't.json: record 0: questions[0].uid is missing (expected a string)',
    );
    expect(() => readTatqaFile({ ...file('t.json', {}), text: '{"a":' })).toThrow(
      /t\.json: not valid JSON/,
    );
    expect(() => readTatqaFile(file('t.json', { a: 1 }))).toThrow(
      't.json: expected a JSON array of records',
    );
  });
});

describe('FinQA', () => {
  const record = (id: string, question: string) => ({
    id,
    filename: 'V/2008/page_17.pdf',
    pre_text: ['visa is the largest network .', 'the table shows volumes .'],
    post_text: ['jcb figures are estimates .'],
    table: [
      ['company', 'payments volume ( billions )'],
      ['visa inc .', '$ 2457'],
      ['american express', '-4 ( 4 )'],
    ],
    qa: {
      question,
      answer: '127.40',
      program: 'divide(637, const_5)',
      exe_ans: 127.4,
      gold_inds: { table_2: 'american express ...', text_2: 'jcb figures are estimates .' },
    },
  });

  it('shares one document per page and maps gold_inds onto rows and text lines', () => {
    const r = readFinqaFile(file('finqa.json', [record('a-1', 'q1'), record('a-2', 'q2')]));
    expect(r.documents).toHaveLength(1);
    const doc = r.documents[0]!;
    expect(doc.externalId).toBe('V/2008/page_17.pdf');
    expect(doc.blocks.map((b) => b.id)).toEqual(['p0', 'p1', 't0', 'p2']);
    expect(doc.tables[0]!.cells.find((c) => c.sourceRow === 2)).toMatchObject({
      text: '-4',
      value: -4,
    });
    expect(r.questions.map((q) => q.documentExternalId)).toEqual([
      'V/2008/page_17.pdf',
      'V/2008/page_17.pdf',
    ]);
    expect(r.questions[0]).toMatchObject({
      gold: { answer: 127.4, shown: '127.40', program: 'divide(637, const_5)' },
      scale: null,
      type: 'arithmetic',
      evidence: [
        { ref: 'table_2', target: { type: 'row', tableId: 't0', sourceRow: 2 } },
        { ref: 'text_2', target: { type: 'paragraph', blockId: 'p2' } },
      ],
    });
  });

  it('refuses a repeated id', () => {
    expect(() =>
      readFinqaFile(file('finqa.json', [record('a-1', 'q1'), record('a-1', 'q2')])),
    ).toThrow('finqa.json: record 1: id "a-1" is used twice');
  });
});

describe('MultiHiertt', () => {
  it('places tables at their markers and maps cell and text evidence', () => {
    const r = readMultihierttFile(
      file('hiertt.json', [
        {
          uid: 'u1',
          paragraphs: ['Results were as follows:', '## Table 0 ##', 'Revenue grew.'],
          tables: [
            '<table><tr><td><i>(in millions)</i></td><td>2007</td><td>2006</td></tr><tr><td>Revenue</td><td>$446</td><td>$386</td></tr></table>',
          ],
          table_description: { '0-1-1': 'Table 0 shows Revenue of 2007 is $446 .' },
          qa: {
            question: 'What is revenue in 2007?',
            answer: 446,
            program: '',
            table_evidence: ['0-1-1'],
            text_evidence: [2, 1],
            question_type: 'span_selection',
          },
        },
      ]),
    );
    const doc = r.documents[0]!;
    expect(doc.blocks.map((b) => b.id)).toEqual(['p0', 't0', 'p2']);
    expect(doc.tables[0]!.cells[0]).toMatchObject({
      rowPath: ['Revenue'],
      colPath: ['2007'],
      scale: 1e6,
    });
    expect(r.questions[0]!.evidence).toEqual([
      { ref: '0-1-1', target: { type: 'cell', tableId: 't0', sourceRow: 1, sourceCol: 1 } },
      { ref: 'text 2', target: { type: 'paragraph', blockId: 'p2' } },
      { ref: 'text 1', target: { type: 'table', tableId: 't0' } },
    ]);
  });
});

describe('DocMath / FinanceMath', () => {
  it('turns markdown tables into tables and keeps the python solution', () => {
    const r = readDocmathFile(
      file('validation.json', [
        {
          question_id: 'validation-0',
          question: 'What loss?',
          tables: ['| | Truck |\n|---|---|\n| Original cost | $ 57,000 |\n\n\\* note'],
          python_solution: 'def solution():\n    return 1',
          ground_truth: -8184.0,
          topic: 'Accounting',
        },
        {
          question_id: 'test-1',
          question: 'Hidden?',
          paragraphs: ['Intro text.', '| a | b |\n|---|---|\n| x | 1 |'],
          paragraph_evidence: [0],
          table_evidence: [1, 5],
        },
      ]),
    );
    expect(r.documents[0]!.blocks.map((b) => b.type)).toEqual(['table', 'paragraph']);
    expect(r.questions[0]).toMatchObject({
      gold: { answer: -8184, program: 'def solution():\n    return 1' },
      type: 'Accounting',
      evidence: [],
    });
    expect(r.questions[1]!.gold.answer).toBeNull();
    expect(r.questions[1]!.evidence).toEqual([
      { ref: 'table_evidence 1', target: { type: 'table', tableId: 't0' } },
      {
        ref: 'table_evidence 5',
        target: null,
        reason: 'paragraphs[5] does not exist or is empty',
      },
      { ref: 'paragraph_evidence 0', target: { type: 'paragraph', blockId: 'p0' } },
    ]);
  });
});
