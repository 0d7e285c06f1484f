import type { StoredQuestion } from '../../shared/datasets';
import type { DatasetFormat } from '../../shared/document/dataset-format';
import { questionFacets } from '../../shared/runs/subsets';
import type { SampleCandidate } from '../../shared/sessions/sampling';
import type { Stratify } from '../../shared/sessions/session';

/**
 * The strata a dataset's questions fall in: the benchmark's subset (shared/runs/subsets.ts,
 * the same columns run reports use) or its answer type. A dataset without that distinction
 * (every question in one stratum) is sampled plainly and the session says `none`.
 */
export function candidates(
  format: DatasetFormat,
  questions: readonly StoredQuestion[],
  stratify: Stratify,
): { candidates: SampleCandidate[]; stratify: Stratify } {
  const stratumOf = (q: StoredQuestion): string => {
    if (stratify === 'none') return '';
    const f = questionFacets(format, q);
    return (stratify === 'subset' ? f.subset : f.answerType) ?? '';
  };
  const list = questions.map((q) => ({ id: q.id, stratum: stratumOf(q) }));
  const distinct = new Set(list.map((c) => c.stratum));
  if (distinct.size <= 1)
    return { candidates: list.map((c) => ({ ...c, stratum: '' })), stratify: 'none' };
  return { candidates: list, stratify };
}
