import { createHash } from 'node:crypto';
import { WorkbenchError } from '../../../shared/api/result';
import type { AskMode, PromptTemplate } from '../../../shared/ask/ask';
import type { DatasetSummary, StoredQuestion } from '../../../shared/datasets';
import type { QuestionSet } from '../../../shared/question-sets/question-set';
import { runScorerIds } from '../../../shared/grading/default-scorers';
import type { Scorer } from '../../../shared/grading/verdict';
import type { DatasetFormat } from '../../../shared/document/dataset-format';
import type { RetrievalOptions } from '../../../shared/retrieval/hit';
import type { RunManifest, RunMode, RunStartInput } from '../../../shared/runs/run';
import { questionFacets } from '../../../shared/runs/subsets';
import { DEFAULT_TOKEN_BUDGET } from '../../ask/answer-core';
import { DEFAULT_K, RETRIEVAL_INDEX_VERSION } from '../../retrieval/retrieval-service';
import { datasetContentHash } from '../dataset-hash';
import { resolveScorers } from '../import-run';
import { compact } from '../../../shared/util/compact';

/** Questions in flight unless the run says otherwise. */
export const DEFAULT_CONCURRENCY = 8;

/** The modes the engine asks in: every run mode (pot-python runs in the Pyodide sandbox). */
export function engineMode(mode: RunMode): AskMode {
  return mode;
}

/** SHA-256 of what the model is sent besides the question and context. */
export function templateHash(t: PromptTemplate): string {
  return createHash('sha256')
    .update(JSON.stringify([t.mode, t.system, t.user]))
    .digest('hex');
}

/**
 * The questions of a run, in the dataset's order: those whose Table 2 subset, answer type or
 * type is one of the comma-separated `subset` values (case-insensitive), then the first `limit`.
 */
export function selectQuestions(
  format: DatasetFormat,
  all: readonly StoredQuestion[],
  subset: string | undefined,
  limit: number | undefined,
): StoredQuestion[] {
  let picked = [...all];
  if (subset !== undefined) {
    const wanted = new Set(
      subset
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    );
    const known = new Set<string>();
    picked = picked.filter((q) => {
      const f = questionFacets(format, q);
      const names = [f.subset, f.answerType, q.type].filter((n): n is string => !!n);
      for (const n of names) known.add(n);
      return names.some((n) => wanted.has(n.toLowerCase()));
    });
    if (picked.length === 0)
      throw new WorkbenchError(
        'invalid-input',
        `no question of this dataset is in subset "${subset}"; its subsets and types: ${[...known].sort().slice(0, 30).join(', ')}`,
      );
  }
  return limit === undefined ? picked : picked.slice(0, limit);
}

export interface RunPlan {
  dataset: DatasetSummary;
  questions: StoredQuestion[];
  scorers: Scorer[];
  template: PromptTemplate;
  manifest: RunManifest;
}

export interface PlanDeps {
  dataset: DatasetSummary;
  /** Every stored question of the dataset (its content hash is taken over all of them). */
  all: StoredQuestion[];
  /**
   * A question set and its questions as the dataset holds them now (main/question-sets), for
   * `questionSetId`; without it such a run is refused.
   */
  questionSet?: (id: number) => { set: QuestionSet; questions: StoredQuestion[] };
  template: (mode: AskMode, templateId: string | undefined) => PromptTemplate;
  appVersion: string;
}

/** What the manifest says of retrieval: the options with their defaults filled in. */
export function retrievalManifest(options: RetrievalOptions | undefined): Record<string, unknown> {
  return {
    k: options?.k ?? DEFAULT_K,
    unit: options?.unit ?? 'cell',
    tokenBudget: options?.tokenBudget ?? DEFAULT_TOKEN_BUDGET,
    embeddings: options?.embeddings ?? null,
    indexVersion: RETRIEVAL_INDEX_VERSION,
  };
}

/**
 * The questions a run starts from before `subset` and `limit`: a question set's, the ids
 * given, or the whole dataset; with what to call them in the manifest.
 */
function startingQuestions(
  deps: PlanDeps,
  input: RunStartInput,
): { pool: StoredQuestion[]; label: string | null; set: RunManifest['questionSet'] } {
  const { dataset, all } = deps;
  if (input.questionSetId !== undefined && input.questionIds !== undefined)
    throw new WorkbenchError(
      'invalid-input',
      'a run is made from a question set or from question ids, not both',
    );
  if (input.questionSetId !== undefined) {
    if (!deps.questionSet)
      throw new WorkbenchError('unsupported', 'question sets are not available here');
    const { set, questions } = deps.questionSet(input.questionSetId);
    if (set.datasetId !== dataset.id)
      throw new WorkbenchError(
        'invalid-input',
        `question set "${set.name}" is on dataset #${set.datasetId} ${set.datasetName}, not #${dataset.id} ${dataset.name}`,
      );
    return {
      pool: questions,
      label: `question set "${set.name}" (#${set.id}, ${questions.length} questions)`,
      set: { id: set.id, name: set.name, key: set.key },
    };
  }
  if (input.questionIds !== undefined) {
    const byId = new Map(all.map((q) => [q.id, q]));
    const unknown = input.questionIds.filter((id) => !byId.has(id));
    if (unknown.length > 0)
      throw new WorkbenchError(
        'invalid-input',
        `${unknown.length} question id(s) are not questions of dataset #${dataset.id} ${dataset.name}: ${unknown.slice(0, 5).join(', ')}`,
      );
    const pool = [...new Set(input.questionIds)].map((id) => byId.get(id)!);
    return { pool, label: `${pool.length} questions chosen by id`, set: undefined };
  }
  return { pool: all, label: null, set: undefined };
}

/** Everything a new engine run is, before any call: its questions and its manifest. */
export function planRun(deps: PlanDeps, input: RunStartInput): RunPlan {
  const mode = engineMode(input.mode);
  const { dataset, all } = deps;
  const start = startingQuestions(deps, input);
  const questions = selectQuestions(dataset.format, start.pool, input.subset, input.limit);
  if (questions.length === 0)
    throw new WorkbenchError(
      'invalid-input',
      `dataset #${dataset.id} ${dataset.name} has no questions`,
    );
  // Unless the run names scorers: the dataset format's (shared/grading/default-scorers.ts).
  const scorers = resolveScorers(input.scorers ?? runScorerIds(dataset.format));
  const template = deps.template(mode, input.templateId);
  const hash = datasetContentHash(all);
  const filter = [
    start.label,
    input.subset !== undefined ? `subset ${input.subset}` : null,
    input.limit !== undefined ? `first ${input.limit}` : null,
  ].filter((s): s is string => s !== null);
  const manifest: RunManifest = {
    dataset: {
      id: dataset.id,
      name: dataset.name,
      format: dataset.format,
      contentHash: hash,
      questionCount: all.length,
    },
    subset: filter.length ? { filter: filter.join('; '), questionCount: questions.length } : null,
    ...(start.set ? { questionSet: start.set } : {}),
    model: {
      id: input.model,
      provider:
        'providerId' in input.provider
          ? `provider #${input.provider.providerId}`
          : input.provider.baseUrl,
      params: { ...(input.params ?? {}) },
    },
    imported: null,
    mode,
    scorers: scorers.map((s) => ({ id: s.id, version: s.version, gradedAgainst: hash })),
    appVersion: deps.appVersion,
    templateHash: templateHash(template),
    retrieval: retrievalManifest(input.retrieval),
    engine: {
      provider: input.provider,
      questionIds: questions.map((q) => q.id),
      templateId: template.id,
      cache: input.cache ?? true,
      pacing: {
        concurrency: input.concurrency ?? DEFAULT_CONCURRENCY,
        ...compact({ rpm: input.rpm, pollMs: input.pollMs }),
      },
      ...(input.batchApi ? { batch: { completionWindow: '24h' as const } } : {}),
    },
  };
  return { dataset, questions, scorers, template, manifest };
}
