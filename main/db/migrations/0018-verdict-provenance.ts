import type { Migration } from './migration';

/**
 * Every stored verdict says what it was graded against (docs/grading.md "Provenance"): beside
 * the scorer id and version they already have, run and session verdicts record the gold
 * version (main/grading/grading-service.ts `goldVersion`: a hash of the gold answer, its scale
 * and decimals, the answer type and the question text as the scorer read them). NULL: graded
 * before this migration, or nothing to grade against (a question gone, a model that did not
 * answer, a file's own recorded verdict); `workbench regrade --stale` grades the first kind
 * again. Ask history keeps its grade as JSON, which carries the same fields.
 */
export const m0018VerdictProvenance: Migration = {
  version: 18,
  name: 'verdict-provenance',
  up: (db) => {
    db.exec(`
      ALTER TABLE run_verdicts ADD COLUMN gold_version TEXT CHECK (gold_version IS NULL OR gold_version <> '');
      ALTER TABLE session_verdicts ADD COLUMN gold_version TEXT CHECK (gold_version IS NULL OR gold_version <> '');
    `);
  },
};
