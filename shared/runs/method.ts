import { defaultScorerRow, type DefaultScorerRow } from '../grading/default-scorers';
import type { DatasetFormat } from '../document/dataset-format';
import type { RunManifest } from './run';
import { IMPORTED_SCORER_ID } from './run';

/**
 * The Method list of a report (docs/grading.md "Provenance of a verdict"): which scorers, at
 * which versions, decided its verdicts, against which gold, and the default-scorer table's row
 * for the dataset's format. A run report and a session's results build it here and show it
 * through one component (renderer/features/runs/MethodList.tsx) and one text
 * (shared/runs/report-format.ts `methodLines`), so the two read the same.
 */

/** One scorer in a report's Method list. */
export interface MethodScorer {
  id: string;
  version: string;
  /**
   * `default`: the format's default scorer (the verdict Ask, sessions and the gap use);
   * `parity`: the port of the benchmark's official scorer; `imported`: the file's own verdicts;
   * `other`: a scorer asked for by name.
   */
  role: 'default' | 'parity' | 'imported' | 'other';
  /** The dataset content hash it graded against (null: the file's own verdicts, or a session). */
  gradedAgainst: string | null;
  /**
   * Sessions: the gold versions its verdicts were graded against (main/grading/grading-service.ts
   * `goldVersion`), `null` for verdicts graded before versions were recorded; absent for runs.
   */
  goldVersions?: (string | null)[] | undefined;
  /** Sessions: how many verdicts it decided. */
  verdicts?: number | undefined;
  /**
   * Sessions: how many of them are stale (graded by an older version of the scorer, or against
   * another gold than the question has now); `workbench regrade --stale` grades them again.
   */
  stale?: number | undefined;
}

/**
 * How a report's verdicts were reached: the default-scorer table's row for the dataset's format
 * and every scorer of the report with its version, role and what it graded against.
 */
export interface ReportMethod {
  defaults: DefaultScorerRow;
  scorers: MethodScorer[];
}

/** A scorer's role beside the format's default-scorer row. */
export function methodRole(id: string, defaults: DefaultScorerRow): MethodScorer['role'] {
  return id === IMPORTED_SCORER_ID
    ? 'imported'
    : id === defaults.scorer
      ? 'default'
      : id === defaults.parity
        ? 'parity'
        : 'other';
}

/** The Method list of a run's report (its manifest, the scorers with verdicts, the table). */
export function reportMethod(
  manifest: RunManifest,
  scorers: readonly { scorer: string; version: string }[],
): ReportMethod {
  const defaults = defaultScorerRow(manifest.dataset.format);
  return {
    defaults,
    scorers: scorers.map(({ scorer: id, version }) => {
      const ref = manifest.scorers.find((s) => s.id === id);
      return {
        id,
        version,
        role: methodRole(id, defaults),
        gradedAgainst:
          id === IMPORTED_SCORER_ID ? null : (ref?.gradedAgainst ?? manifest.dataset.contentHash),
      };
    }),
  };
}

/** One stored session verdict's provenance, and whether it is stale now. */
export interface VerdictProvenance {
  scorer: string;
  scorerVersion: string;
  goldVersion?: string | null | undefined;
  stale: boolean;
}

/**
 * The Method list of a session's results: one row per scorer and version that decided its
 * verdicts (a session graded before a scorer changed shows the old version, marked stale),
 * each with the gold versions it graded against, in the order first met.
 */
export function sessionMethod(
  format: DatasetFormat,
  verdicts: readonly VerdictProvenance[],
): ReportMethod {
  const defaults = defaultScorerRow(format);
  const rows = new Map<string, MethodScorer & { goldVersions: (string | null)[] }>();
  for (const v of verdicts) {
    const key = `${v.scorer}\u0000${v.scorerVersion}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        id: v.scorer,
        version: v.scorerVersion,
        role: methodRole(v.scorer, defaults),
        gradedAgainst: null,
        goldVersions: [],
        verdicts: 0,
        stale: 0,
      };
      rows.set(key, row);
    }
    const gold = v.goldVersion ?? null;
    if (!row.goldVersions.includes(gold)) row.goldVersions.push(gold);
    row.verdicts = (row.verdicts ?? 0) + 1;
    if (v.stale) row.stale = (row.stale ?? 0) + 1;
  }
  return { defaults, scorers: [...rows.values()] };
}
