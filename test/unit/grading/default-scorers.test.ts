import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCORERS,
  defaultScorerId,
  fileDefaultScorerId,
  FILE_DEFAULT_SCORERS,
  runScorerIds,
} from '../../../shared/grading/default-scorers';
import { getScorer } from '../../../shared/grading/scorers';
import { datasetFormats } from '../../../shared/document/dataset-format';
import { RUN_IMPORT_FORMATS } from '../../../shared/runs/run';

// Issue 22, "One verdict everywhere": the default scorer of each dataset format is one table
// (shared/grading/default-scorers.ts), and one grading service
// (main/grading/grading-service.ts) builds scorer inputs from stored questions.

describe('the default-scorer table', () => {
  it('has one row per dataset format, naming scorers the registry has', () => {
    expect(DEFAULT_SCORERS.map((r) => r.format).sort()).toEqual([...datasetFormats].sort());
    for (const r of DEFAULT_SCORERS) {
      expect(getScorer(r.scorer), r.format).toBeDefined();
      if (r.parity !== null) expect(getScorer(r.parity), r.format).toBeDefined();
      expect(r.questionTypes.length, r.format).toBeGreaterThan(0);
    }
  });

  it('grades runs with the official port, then the default; free-text datasets with analyst', () => {
    expect(runScorerIds('tatqa')).toEqual(['tatqa', 'strict']);
    expect(runScorerIds('tathqa')).toEqual(['tatqa', 'strict']);
    expect(runScorerIds('docmath')).toEqual(['docmath', 'strict']);
    expect(runScorerIds('finqa')).toEqual(['finqa', 'strict']);
    expect(runScorerIds('multihiertt')).toEqual(['multihiertt', 'strict']);
    expect(runScorerIds('financebench')).toEqual(['analyst']);
    expect(runScorerIds('tablequest')).toEqual(['analyst']);
    for (const f of datasetFormats) expect(runScorerIds(f)).toContain(defaultScorerId(f));
  });

  it('has a default for every prediction-file format graded without a dataset', () => {
    for (const f of RUN_IMPORT_FORMATS) expect(FILE_DEFAULT_SCORERS[f], f).toBeDefined();
    expect(fileDefaultScorerId('jsonl')).toBe('analyst');
    expect(fileDefaultScorerId('financebench-graded')).toBe('analyst');
    expect(fileDefaultScorerId('tatqa-pot')).toBe('strict');
  });
});

const root = join(__dirname, '..', '..', '..');

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(e.name) ? [path] : [];
  });
}

describe('one grading service', () => {
  // Outside the scorers themselves, only these files call a scorer: the grading service, and
  // `workbench grade` for prediction files graded against their own gold or a --gold file
  // (no stored question to read).
  const CALLS_SCORERS = new Set(['main/grading/grading-service.ts', 'main/grading/grade-file.ts']);

  it('is the only code outside shared/grading that calls a scorer', () => {
    const offenders = [...sources('main'), ...sources('shared'), ...sources('renderer')].filter(
      (f) =>
        !f.startsWith('shared/grading/') &&
        !CALLS_SCORERS.has(f) &&
        /\.score\(\s*\{|scorer\.score\(|\.score\(input\)/.test(readFileSync(join(root, f), 'utf8')),
    );
    expect(
      offenders,
      'grade stored questions through main/grading/grading-service.ts (gradeWith, gradeAnswer)',
    ).toEqual([]);
  });

  it('is the only code that sets the gold decimals of a stored question’s scorer input', () => {
    const offenders = [...sources('main'), ...sources('shared')].filter(
      (f) =>
        f !== 'main/grading/grading-service.ts' &&
        // A prediction file's own gold (no stored question): the decimals its reader gives.
        f !== 'main/grading/grade-file.ts' &&
        !f.startsWith('shared/grading/') &&
        !f.startsWith('main/grading/readers/') &&
        /goldDecimals\s*:/.test(readFileSync(join(root, f), 'utf8')),
    );
    expect(offenders, 'build scorer inputs with questionInput (grading-service.ts)').toEqual([]);
  });

  it('has no default scorer of its own anywhere but the table', () => {
    const offenders = [...sources('main'), ...sources('shared'), ...sources('renderer')].filter(
      (f) =>
        f !== 'shared/grading/default-scorers.ts' &&
        /DEFAULT_(RUN|ENGINE|FREE_TEXT)?_?SCORERS?(_ID)?\b|ANALYST_FORMATS|FREE_TEXT_FORMATS/.test(
          readFileSync(join(root, f), 'utf8').replace(/DEFAULT_SCORERS\b/g, ''),
        ),
    );
    expect(offenders, 'read defaults from shared/grading/default-scorers.ts').toEqual([]);
  });
});
