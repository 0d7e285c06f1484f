import { describe, expect, it } from 'vitest';
import { guessDatasetFormat } from '../../../shared/datasets';

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
