import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readDatasetFile } from '../../../../main/ingest/datasets';
import { tempDir } from '../../../support/temp-dir';

const TINY_PDF = '%PDF-1.4\n%%EOF\n';

const financebenchLine = (docName: string) =>
  JSON.stringify({
    financebench_id: 'fb-1',
    company: 'X',
    doc_name: docName,
    question: 'What was revenue?',
    answer: '1',
    evidence: [],
  });

const tatqaRecord = {
  table: {
    uid: 't-1',
    table: [
      ['', '2019'],
      ['Sales', '1.0'],
    ],
  },
  paragraphs: [{ uid: 'p-1', order: 1, text: 'Sales.' }],
  questions: [
    {
      uid: 'q-1',
      order: 1,
      question: 'What were sales?',
      answer: 1,
      derivation: '',
      answer_type: 'span',
      answer_from: 'table',
      rel_paragraphs: [],
      req_comparison: false,
      scale: '',
    },
  ],
};

describe('dataset files: where referenced files may be, BOMs, empty files', () => {
  let t: ReturnType<typeof tempDir>;
  let datasetDir: string;
  beforeEach(() => {
    t = tempDir('workbench-dataset-checks-');
    datasetDir = join(t.dir, 'home', 'bench');
    mkdirSync(join(datasetDir, 'pdfs'), { recursive: true });
  });
  afterEach(() => t.cleanup());

  it('refuses a FinanceBench doc_name that leads out of the dataset folder', () => {
    // A PDF that exists, two folders up from pdfs/: the old reader imported it.
    writeFileSync(join(t.dir, 'home', 'private.pdf'), TINY_PDF);
    const path = join(datasetDir, 'questions.jsonl');
    for (const docName of ['../../private', '../../../home/private', 'sub/../../../private']) {
      writeFileSync(path, `${financebenchLine(docName)}\n`);
      expect(() => readDatasetFile('financebench', path), docName).toThrow(
        /is outside the folder of questions\.jsonl/,
      );
    }
    // Inside the folder, sub-folders included, still works.
    writeFileSync(join(datasetDir, 'pdfs', 'ACME_2023_10K.pdf'), TINY_PDF);
    writeFileSync(path, `${financebenchLine('ACME_2023_10K')}\n`);
    expect(readDatasetFile('financebench', path).documents).toHaveLength(1);
  });

  it('reads JSON and JSON Lines saved with a UTF-8 byte order mark', () => {
    const json = join(datasetDir, 'tatqa.json');
    writeFileSync(json, `\uFEFF${JSON.stringify([tatqaRecord])}`);
    expect(readDatasetFile('tatqa', json).questions).toHaveLength(1);
    writeFileSync(join(datasetDir, 'pdfs', 'ACME_2023_10K.pdf'), TINY_PDF);
    const jsonl = join(datasetDir, 'questions.jsonl');
    writeFileSync(jsonl, `\uFEFF${financebenchLine('ACME_2023_10K')}\n`);
    expect(readDatasetFile('financebench', jsonl).questions).toHaveLength(1);
  });

  it('refuses a dataset without records', () => {
    const json = join(datasetDir, 'empty.json');
    writeFileSync(json, '[]');
    for (const format of ['tatqa', 'finqa', 'docmath', 'multihiertt', 'tablequest'] as const)
      expect(() => readDatasetFile(format, json), format).toThrow(/empty\.json: holds no records/);
    const jsonl = join(datasetDir, 'empty.jsonl');
    writeFileSync(jsonl, '\n\n');
    expect(() => readDatasetFile('financebench', jsonl)).toThrow(/empty\.jsonl: holds no records/);
  });
});
