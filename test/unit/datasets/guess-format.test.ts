import { describe, expect, it } from 'vitest';
import {
  firstRecordKeys,
  guessDatasetFormat,
  guessDatasetFormatFromText,
} from '../../../shared/datasets';

describe('guessDatasetFormat', () => {
  it('recognises the published file names', () => {
    expect(guessDatasetFormat('tatqa_dataset_dev.json')).toBe('tatqa');
    expect(guessDatasetFormat('tatqa_and_hqa_dataset_dev.json')).toBe('tathqa');
    expect(guessDatasetFormat('finqa_dev_200.json')).toBe('finqa');
    expect(guessDatasetFormat('MultiHiertt-dev_subset.json')).toBe('multihiertt');
    expect(guessDatasetFormat('financemath_validation.json')).toBe('docmath');
    expect(guessDatasetFormat('easy.json')).toBe('tablequest');
    expect(guessDatasetFormat('notes.json')).toBeUndefined();
  });
});

describe('guessDatasetFormatFromText', () => {
  const json = (records: unknown[]) => JSON.stringify(records, null, 2);

  it('reads the first record’s keys of a JSON array or JSON Lines, even cut mid-record', () => {
    expect(
      firstRecordKeys('[{"a": {"x": 1, "y": [1, {"z": 2}]}, "b": "}, \\"c\\": 1", "d": 2}]'),
    ).toEqual(['a', 'b', 'd']);
    expect(
      firstRecordKeys('\uFEFF{"financebench_id": "1", "doc_name": "x"}\n{"other": 1}'),
    ).toEqual(['financebench_id', 'doc_name']);
    expect(firstRecordKeys('[{"pre_text": ["a"], "post_text": ["b", "c')).toEqual([
      'pre_text',
      'post_text',
    ]);
    expect(firstRecordKeys('<html>')).toBeUndefined();
    expect(firstRecordKeys('[1, 2]')).toBeUndefined();
  });

  it('names each format by the fields its records have', () => {
    const g = (records: unknown[], name = 'data.json') =>
      guessDatasetFormatFromText(name, json(records));
    expect(g([{ id: '1', filename: 'f', pre_text: [], post_text: [], table: [], qa: {} }])).toEqual(
      {
        format: 'finqa',
        reason: 'its records have pre_text, post_text, qa (FinQA)',
      },
    );
    expect(g([{ uid: 'u', paragraphs: [], tables: [], qa: {} }]).format).toBe('multihiertt');
    expect(g([{ table: {}, paragraphs: [], questions: [{ uid: 'q' }] }]).format).toBe('tatqa');
    expect(
      g([{ table: {}, paragraphs: [], questions: [{ uid: 'q', rel_question: 1 }] }]).format,
    ).toBe('tathqa');
    expect(g([{ table: {}, paragraphs: [], questions: [] }], 'my_hqa_subset.json').format).toBe(
      'tathqa',
    );
    expect(g([{ question_id: 'q', question: 'x', tables: [] }]).format).toBe('docmath');
    expect(g([{ image: 'a.png', table_loc: 'x', difficulty: 'easy' }]).format).toBe('tablequest');
  });

  it('says why when nothing fits', () => {
    expect(guessDatasetFormatFromText('docs.jsonl', '{"doc_name": "x", "company": "y"}\n')).toEqual(
      {
        format: undefined,
        reason: 'its records have doc_name, company: no format this app reads has that shape',
      },
    );
    expect(guessDatasetFormatFromText('x.json', 'hello').format).toBeUndefined();
  });
});
